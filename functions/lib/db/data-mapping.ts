import { Entity } from 'electrodb';
import { flag, idAttribute, optionalString, updatedAt } from './attributes';

/** `owner` of admin mappings, which belong to no organization. */
export const ADMIN_MAPPING_OWNER = 'ADMIN';

// Access patterns:
// - byOwner: the mappings of an organization (owner = organization id; company mappings carry
//   company_id too) or the admin mappings (owner = ADMIN).
// - byId (gsi2): a mapping by id alone, for a data point's data_mapping_id and the admin whitelist.
// The fields (SPEC §3 DataMappingField) are a list inside the mapping: it is read and written whole.
export const DataMappingEntity = new Entity({
  model: { entity: 'dataMapping', version: '1', service: 'dvp' },
  attributes: {
    id: idAttribute,
    owner: { type: 'string', required: true, readOnly: true },
    organization_id: { type: 'string', readOnly: true },
    company_id: { type: 'string', readOnly: true },
    name: { type: 'string', required: true },
    fields: {
      type: 'list',
      required: true,
      items: {
        type: 'map',
        properties: {
          id: { type: 'string', required: true },
          source: { type: 'string', required: true },
          target: { type: 'string', required: true },
          updated_at: { type: 'string' },
        },
      },
    },
    inactive: flag,
    updated_by_user_id: optionalString,
    updated_at: updatedAt,
  },
  indexes: {
    byOwner: {
      pk: { field: 'pk', composite: ['owner'] },
      sk: { field: 'sk', composite: ['id'] },
    },
    byId: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['id'] }, sk: { field: 'gsi2sk', composite: [] } },
  },
});
