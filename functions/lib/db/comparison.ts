import { Entity } from 'electrodb';
import { createdAt, idAttribute, optionalString, updatedAt } from './attributes';

// Access patterns:
// - byCompany: the comparisons of a company (tenant in the key); lists sort by created_at.
// - byOrganization (gsi1): the comparisons of an organization, for organization-level lists.
// - byId (gsi2): a comparison by id alone, for pipeline tasks that carry only ids.
export const ComparisonEntity = new Entity({
  model: { entity: 'comparison', version: '1', service: 'dvp' },
  attributes: {
    id: idAttribute,
    organization_id: { type: 'string', required: true, readOnly: true },
    company_id: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    type: { type: 'string', required: true },
    audit_type: { type: 'string', required: true },
    notes: optionalString,
    company_carrier_id: optionalString,
    /** Invoice reconciliations: the invoice's details as entered (they win over what the file says). */
    invoice_number: optionalString,
    billing_period: optionalString,
    invoice_date: optionalString,
    step: { type: 'string', required: true, default: 'IMPORT_DATA' },
    /** Pipeline state of the last run: ComparisonStatus (shared/comparisons.ts), with status_reason. */
    status: optionalString,
    status_reason: optionalString,
    /** AWAITING_MATCH_CONFIRMATION: proposals still undecided (kept by the decisions). */
    match_candidates_waiting: { type: 'number' },
    /** `{ stage, processed, total }` while a run is under way. */
    progress: { type: 'any' },
    /** Summary counts of the last successful run (per data point, per kind). */
    summary: { type: 'any' },
    /** How rows are paired: IDENTIFIER (the identifier data points) or PERSON (name and date of birth); unset is IDENTIFIER. */
    match_by: { type: ['IDENTIFIER', 'PERSON'] as const },
    /** Person matching: pairs at or above this confidence (0–100) join without confirmation; unset is 90. */
    match_threshold: { type: 'number' },
    run_id: optionalString,
    execution_arn: optionalString,
    baseline_file_id: optionalString,
    secondary_file_id: optionalString,
    created_at: createdAt,
    created_by_user_id: optionalString,
    updated_by_user_id: optionalString,
    auditor_user_id: optionalString,
    verifier_user_id: optionalString,
    auditor_memo: optionalString,
    verifier_memo: optionalString,
    completed_at: optionalString,
    completed_by_user_id: optionalString,
    completion_override: { type: 'boolean' },
    /** The note given when completing (the reason for an override). */
    completion_note: optionalString,
    updated_at: updatedAt,
  },
  indexes: {
    byCompany: {
      pk: { field: 'pk', composite: ['organization_id', 'company_id'] },
      sk: { field: 'sk', composite: ['id'] },
    },
    byOrganization: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['organization_id'] },
      sk: { field: 'gsi1sk', composite: ['created_at', 'id'] },
    },
    byId: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['id'] }, sk: { field: 'gsi2sk', composite: [] } },
  },
});
