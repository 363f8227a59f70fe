import { Entity } from 'electrodb';
import { createdAt, idAttribute, optionalString, updatedAt } from './attributes';

// Access patterns:
// - byRenewal: the checklist rows of a renewal (one per renewing company carrier plan), tenant in the key.
export const RenewalPlanEntity = new Entity({
  model: { entity: 'renewalPlan', version: '1', service: 'dvp' },
  attributes: {
    id: idAttribute,
    organization_id: { type: 'string', required: true, readOnly: true },
    company_id: { type: 'string', required: true, readOnly: true },
    renewal_id: { type: 'string', required: true, readOnly: true },
    company_carrier_plan_id: { type: 'string', required: true, readOnly: true },
    renewing: { type: 'boolean' },
    rates_changing: { type: 'boolean' },
    eligibility_changing: { type: 'boolean' },
    renewal_notes: optionalString,
    rates_changing_notes: optionalString,
    eligibility_changing_notes: optionalString,
    status: { type: 'string', required: true, default: 'IN_PROGRESS' },
    created_by_user_id: optionalString,
    updated_by_user_id: optionalString,
    created_at: createdAt,
    updated_at: updatedAt,
  },
  indexes: {
    byRenewal: {
      pk: { field: 'pk', composite: ['organization_id', 'company_id'] },
      sk: { field: 'sk', composite: ['renewal_id', 'id'] },
    },
  },
});
