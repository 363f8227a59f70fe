import { Entity } from 'electrodb';
import { idAttribute, optionalString, updatedAt } from './attributes';

// Access patterns:
// - byOrganization: the benefit admin systems of an organization, and one by id within it.
export const OrganizationBenefitAdminSystemEntity = new Entity({
  model: { entity: 'organizationBenefitAdminSystem', version: '1', service: 'dvp' },
  attributes: {
    id: idAttribute,
    organization_id: { type: 'string', required: true, readOnly: true },
    benefit_admin_system: { type: 'string', required: true },
    notes: optionalString,
    updated_at: updatedAt,
  },
  indexes: {
    byOrganization: { pk: { field: 'pk', composite: ['organization_id'] }, sk: { field: 'sk', composite: ['id'] } },
  },
});
