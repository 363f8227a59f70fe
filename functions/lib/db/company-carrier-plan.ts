import { Entity } from 'electrodb';
import { flag, idAttribute, optionalNumber, optionalString, updatedAt } from './attributes';

// Access patterns:
// - byCompanyCarrier: the plans of a company carrier (organization and company in the key, the
//   company carrier first in the sort key), and one by id within it.
// - byOrganization (gsi2): every plan of an organization (stats, reports, imports).
export const CompanyCarrierPlanEntity = new Entity({
  model: { entity: 'companyCarrierPlan', version: '1', service: 'dvp' },
  attributes: {
    id: idAttribute,
    organization_id: { type: 'string', required: true, readOnly: true },
    company_id: { type: 'string', required: true, readOnly: true },
    company_carrier_id: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    benefit_type: { type: 'string', required: true },
    group_number: optionalString,
    eligibility_management_type: optionalString,
    disable_renewals: flag,
    notes: optionalString,
    number_of_eligible: optionalNumber,
    number_of_enrolled: optionalNumber,
    ga_eligibility_contact_user_id: optionalString,
    ga_audit_contact_user_id: optionalString,
    inactive: flag,
    updated_by_user_id: optionalString,
    updated_at: updatedAt,
  },
  indexes: {
    byCompanyCarrier: {
      pk: { field: 'pk', composite: ['organization_id', 'company_id'] },
      sk: { field: 'sk', composite: ['company_carrier_id', 'id'] },
    },
    byOrganization: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['organization_id'] },
      sk: { field: 'gsi2sk', composite: ['company_id', 'company_carrier_id', 'id'] },
    },
  },
});
