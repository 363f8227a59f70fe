import { Entity } from 'electrodb';
import { flag, idAttribute, optionalNumber, optionalString, updatedAt } from './attributes';

// Access patterns:
// - byId: an organization by id.
// - all (gsi1): every organization by name (admin listing, stats).
export const OrganizationEntity = new Entity({
  model: { entity: 'organization', version: '1', service: 'dvp' },
  attributes: {
    id: idAttribute,
    name: { type: 'string', required: true },
    inactive: flag,
    plan: { type: 'string', default: 'DVP_BASE' },
    admin_comparer_limit: optionalNumber,
    discrepancy_limit: optionalNumber,
    billing_name: optionalString,
    billing_email: optionalString,
    billing_address: optionalString,
    billing_phone: optionalString,
    notes: optionalString,
    termination_date: optionalString,
    termination_reason: optionalString,
    first_demo_date: optionalString,
    subscription_received_date: optionalString,
    subscription_type: optionalString,
    plan_expiration_date: optionalString,
    ga_contract_inception_date: optionalString,
    contract_renewal_month: optionalString,
    contract_auto_renewal: flag,
    referral_type: optionalString,
    referral_type_notes: optionalString,
    ga_termination_date: optionalString,
    ga_last_bill_date: optionalString,
    primary_agency_contact_user_id: optionalString,
    business_development_agency_contact_user_id: optionalString,
    updated_at: updatedAt,
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
    all: { index: 'gsi1', pk: { field: 'gsi1pk', composite: [] }, sk: { field: 'gsi1sk', composite: ['name', 'id'] } },
  },
});
