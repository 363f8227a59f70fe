import { Entity } from 'electrodb';
import { updatedAt } from './attributes';

// Access patterns:
// - byOrganization: the agencies an organization is linked to.
// - byAgency (gsi1): the organizations an agency manages (agency users' scope).
export const OrganizationAgencyEntity = new Entity({
  model: { entity: 'organizationAgency', version: '1', service: 'dvp' },
  attributes: {
    organization_id: { type: 'string', required: true, readOnly: true },
    agency_id: { type: 'string', required: true, readOnly: true },
    agency_management_type: { type: 'string', required: true },
    updated_at: updatedAt,
  },
  indexes: {
    byOrganization: {
      pk: { field: 'pk', composite: ['organization_id'] },
      sk: { field: 'sk', composite: ['agency_id'] },
    },
    byAgency: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['agency_id'] },
      sk: { field: 'gsi1sk', composite: ['organization_id'] },
    },
  },
});
