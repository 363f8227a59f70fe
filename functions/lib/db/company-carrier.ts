import { Entity } from 'electrodb';
import { flag, idAttribute, optionalNumber, optionalString, updatedAt } from './attributes';

// Access patterns:
// - byCompany: the carriers of a company, and one by id within it (organization and company in the key).
// - byOrganization (gsi2): every company carrier of an organization (stats, reports, imports).
export const CompanyCarrierEntity = new Entity({
  model: { entity: 'companyCarrier', version: '1', service: 'dvp' },
  attributes: {
    id: idAttribute,
    organization_id: { type: 'string', required: true, readOnly: true },
    company_id: { type: 'string', required: true, readOnly: true },
    carrier_id: { type: 'string', required: true },
    group_number: optionalString,
    renewal_month: optionalString,
    contact_name: optionalString,
    contact_email: optionalString,
    contact_phone: optionalString,
    notes: optionalString,
    secondary_contact_name: optionalString,
    secondary_contact_email: optionalString,
    secondary_contact_phone: optionalString,
    carrier_invoice_day_of_month: optionalNumber,
    credit_window_days: optionalNumber,
    audit_service: flag,
    eligibility_management_type: optionalString,
    inception_date: optionalString,
    end_date: optionalString,
    disable_renewals: flag,
    eligibility_contact_user_id: optionalString,
    audit_contact_user_id: optionalString,
    renewal_kickoff_days_in_advance: optionalNumber,
    ga_eligibility_contact_user_id: optionalString,
    ga_audit_contact_user_id: optionalString,
    inactive: flag,
    updated_by_user_id: optionalString,
    updated_at: updatedAt,
  },
  indexes: {
    byCompany: {
      pk: { field: 'pk', composite: ['organization_id', 'company_id'] },
      sk: { field: 'sk', composite: ['id'] },
    },
    byOrganization: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['organization_id'] },
      sk: { field: 'gsi2sk', composite: ['company_id', 'id'] },
    },
  },
});
