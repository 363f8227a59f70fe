import { Entity } from 'electrodb';
import { idAttribute, optionalString, updatedAt } from './attributes';

// Access patterns:
// - byMapping: the organizations an admin mapping is shared with.
// - byOrganization (gsi1): the admin mappings shared with an organization (its mapping lists).
export const DataMappingsAdminWhitelistEntity = new Entity({
  model: { entity: 'dataMappingsAdminWhitelist', version: '1', service: 'dvp' },
  attributes: {
    id: idAttribute,
    data_mapping_id: { type: 'string', required: true, readOnly: true },
    organization_id: { type: 'string', required: true, readOnly: true },
    created_by_user_id: optionalString,
    updated_at: updatedAt,
  },
  indexes: {
    byMapping: {
      pk: { field: 'pk', composite: ['data_mapping_id'] },
      sk: { field: 'sk', composite: ['organization_id'] },
    },
    byOrganization: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['organization_id'] },
      sk: { field: 'gsi1sk', composite: ['data_mapping_id'] },
    },
  },
});
