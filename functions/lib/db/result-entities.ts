import { Entity } from 'electrodb';
import { optionalNumber, optionalString, updatedAt } from './attributes';

/**
 * Entities of comparison results (discrepancies, missing rows). Written by the pipeline's compare
 * task in BatchWrite batches; a re-run deletes the previous run's items first. Ids are
 * deterministic per run (`<run>-<position>`), so a retried write lands on the same items.
 */

const tenant = {
  organization_id: { type: 'string', required: true, readOnly: true },
  company_id: { type: 'string', required: true, readOnly: true },
  comparison_id: { type: 'string', required: true, readOnly: true },
  /** The pipeline run that produced the item. */
  run_id: { type: 'string', required: true, readOnly: true },
} as const;

const person = {
  unique_identifier: { type: 'string', required: true },
  first_name: optionalString,
  last_name: optionalString,
  full_name: optionalString,
  relationship: optionalString,
} as const;

/**
 * Against the previous comparison of the company carrier (shared/changes-since.ts): NEW or
 * STILL_OPEN, and when the finding was first seen (carried through the chain of runs).
 */
const sincePrevious = {
  change_status: { type: ['NEW', 'STILL_OPEN'] as const },
  first_seen_at: optionalString,
} as const;

const resolution = {
  resolved_date: optionalString,
  resolved_by_user_id: optionalString,
  resolved_notes: optionalString,
  resolved_verifier_notes: optionalString,
  resolved_discrepancy_type: optionalString,
  /** Invoice findings: whether the over-billed dollars were claimed from the carrier (NOT_REQUESTED, REQUESTED, RECEIVED). */
  credit_status: { type: ['NOT_REQUESTED', 'REQUESTED', 'RECEIVED'] as const },
} as const;

/** What an invoice reconciliation's finding is worth: signed dollars (billed − expected), the billing months, its kind. */
const invoiceMoney = {
  amount: optionalNumber,
  months: { type: 'list', items: { type: 'string' } },
  coverage_line: optionalString,
  invoice_kind: {
    type: ['BILLED_NOT_ENROLLED', 'ENROLLED_NOT_BILLED', 'PREMIUM_DIFFERS', 'DUPLICATE_BILLING', 'ADJUSTMENT_MISMATCH', 'RETRO_ALREADY_BILLED', 'TOTAL_MISMATCH'] as const,
  },
} as const;

// Access patterns:
// - byComparison: every discrepancy of a comparison (tenant in the key), in result order.
// - byDataPoint (gsi1): the discrepancies of one data point of a comparison, in result order.
export const DataPointDiscrepancyEntity = new Entity({
  model: { entity: 'dataPointDiscrepancy', version: '1', service: 'dvp' },
  attributes: {
    id: { type: 'string', required: true, readOnly: true },
    ...tenant,
    data_point_id: { type: 'string', required: true, readOnly: true },
    baseline_row_index: { type: 'number', required: true },
    secondary_row_index: { type: 'number', required: true },
    baseline_value: { type: 'string' },
    secondary_value: { type: 'string' },
    ...person,
    discrepancy_function_result: optionalNumber,
    /** The engine's guess at the SPEC §4 discrepancy type (ROUNDING, COST, …), null when none. */
    suggested_type: optionalString,
    skip_verification: { type: 'boolean', default: false },
    resolved_value: optionalString,
    resolved_ignore: { type: 'boolean' },
    ...resolution,
    ...invoiceMoney,
    ...sincePrevious,
    /** The verifier's review of the resolution: APPROVED or SENT_BACK; cleared when the decision changes. */
    verification_status: optionalString,
    verified_by_user_id: optionalString,
    verified_date: optionalString,
    updated_at: updatedAt,
  },
  indexes: {
    byComparison: {
      pk: { field: 'pk', composite: ['company_id', 'comparison_id'] },
      sk: { field: 'sk', composite: ['id'] },
    },
    byDataPoint: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['company_id', 'comparison_id', 'data_point_id'] },
      sk: { field: 'gsi1sk', composite: ['id'] },
    },
  },
});

// Access patterns:
// - byComparison: every missing or duplicate row of a comparison (tenant in the key), in result order.
// - byKind (gsi1): one kind (MISSING_IN_SECONDARY, MISSING_IN_BASELINE, DUPLICATE) of a comparison.
export const MissingDiscrepancyEntity = new Entity({
  model: { entity: 'missingDiscrepancy', version: '1', service: 'dvp' },
  attributes: {
    id: { type: 'string', required: true, readOnly: true },
    ...tenant,
    /** MISSING_IN_SECONDARY (only in baseline), MISSING_IN_BASELINE (only at carrier) or DUPLICATE. */
    kind: { type: ['MISSING_IN_SECONDARY', 'MISSING_IN_BASELINE', 'DUPLICATE'] as const, required: true, readOnly: true },
    /** For DUPLICATE: the side the repeated identifier is on (BASELINE or SECONDARY). */
    side: { type: ['BASELINE', 'SECONDARY'] as const },
    baseline_row_index: optionalNumber,
    secondary_row_index: optionalNumber,
    duplicate_identifier_row_index: optionalNumber,
    ...person,
    resolved_inclusion: { type: 'boolean' },
    ...resolution,
    ...invoiceMoney,
    ...sincePrevious,
    updated_at: updatedAt,
  },
  indexes: {
    byComparison: {
      pk: { field: 'pk', composite: ['company_id', 'comparison_id'] },
      sk: { field: 'sk', composite: ['id'] },
    },
    byKind: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['company_id', 'comparison_id', 'kind'] },
      sk: { field: 'gsi1sk', composite: ['id'] },
    },
  },
});

// Access patterns:
// - byComparison: the findings of the previous comparison that a run found fixed, in its order.
// A copy of what the previous finding said (not a reference), so the list reads one partition and
// stays as it was when the previous comparison is re-run or deleted. Written and replaced with the
// run's other results (ids `<run>-f<position>`).
export const FixedFindingEntity = new Entity({
  model: { entity: 'fixedFinding', version: '1', service: 'dvp' },
  attributes: {
    id: { type: 'string', required: true, readOnly: true },
    ...tenant,
    previous_comparison_id: { type: 'string', required: true, readOnly: true },
    previous_finding_id: { type: 'string', required: true, readOnly: true },
    /** DISCREPANCY, or the missing kind (MISSING_IN_SECONDARY, MISSING_IN_BASELINE, DUPLICATE). */
    kind: { type: 'string', required: true, readOnly: true },
    side: optionalString,
    /** For a discrepancy: the data point's baseline column, as the previous comparison named it. */
    data_point_name: optionalString,
    baseline_value: optionalString,
    secondary_value: optionalString,
    ...person,
    suggested_type: optionalString,
    resolved_discrepancy_type: optionalString,
    ...invoiceMoney,
    first_seen_at: optionalString,
    updated_at: updatedAt,
  },
  indexes: {
    byComparison: {
      pk: { field: 'pk', composite: ['company_id', 'comparison_id'] },
      sk: { field: 'sk', composite: ['id'] },
    },
  },
});

export const resultEntities = {
  dataPointDiscrepancy: DataPointDiscrepancyEntity,
  missingDiscrepancy: MissingDiscrepancyEntity,
  fixedFinding: FixedFindingEntity,
};
