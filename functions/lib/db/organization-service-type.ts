import { Entity } from 'electrodb';
import { idAttribute, optionalNumber, optionalString, updatedAt } from './attributes';

// Access patterns:
// - byOrganization: the service types of an organization, and one by id within it (tenant in the key).
export const OrganizationServiceTypeEntity = new Entity({
  model: { entity: 'organizationServiceType', version: '1', service: 'dvp' },
  attributes: {
    id: idAttribute,
    organization_id: { type: 'string', required: true, readOnly: true },
    service_type: { type: 'string', required: true },
    cost: optionalNumber,
    billing_frequency: optionalString,
    notes: optionalString,
    updated_at: updatedAt,
  },
  indexes: {
    byOrganization: { pk: { field: 'pk', composite: ['organization_id'] }, sk: { field: 'sk', composite: ['id'] } },
  },
});
