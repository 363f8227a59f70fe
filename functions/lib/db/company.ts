import { Entity } from 'electrodb';
import { flag, idAttribute, optionalString, updatedAt } from './attributes';

// Access patterns:
// - byOrganization: the companies of an organization (tenant scope is in the key).
// - byId (gsi1): a company by id alone, to resolve /api/companies/{id} to its organization.
export const CompanyEntity = new Entity({
  model: { entity: 'company', version: '1', service: 'dvp' },
  attributes: {
    id: idAttribute,
    organization_id: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    inactive: flag,
    notes: optionalString,
    termination_date: optionalString,
    termination_reason: optionalString,
    first_demo_date: optionalString,
    activation_date: optionalString,
    primary_organization_contact_user_id: optionalString,
    secondary_organization_contact_user_id: optionalString,
    organization_benefit_admin_system_id: optionalString,
    renewal_contact_user_id: optionalString,
    updated_at: updatedAt,
  },
  indexes: {
    byOrganization: {
      pk: { field: 'pk', composite: ['organization_id'] },
      sk: { field: 'sk', composite: ['id'] },
    },
    byId: { index: 'gsi1', pk: { field: 'gsi1pk', composite: ['id'] }, sk: { field: 'gsi1sk', composite: [] } },
  },
});
