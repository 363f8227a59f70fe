import { Entity } from 'electrodb';
import { optionalNumber, optionalString, updatedAt } from './attributes';

const candidate = {
  baseline_row: { type: 'number', required: true },
  confidence: { type: 'number', required: true },
  reasons: { type: 'string', required: true },
  /** The baseline person as shown for confirming: name, relationship, gender, zip, line (never the DOB or SSN). */
  baseline_person: { type: 'any' },
} as const;

// Access patterns:
// - byComparison: the proposed pairs of a comparison below its match threshold, by carrier row.
//   Written by the compare task of a run that matches by person; the decisions survive re-runs
//   on the same two files (the matcher is deterministic, so a carrier row gets the same proposal).
export const MatchCandidateEntity = new Entity({
  model: { entity: 'matchCandidate', version: '1', service: 'dvp' },
  attributes: {
    /** `c` and the carrier row, zero-padded: the list reads in carrier order. */
    id: { type: 'string', required: true, readOnly: true },
    organization_id: { type: 'string', required: true, readOnly: true },
    company_id: { type: 'string', required: true, readOnly: true },
    comparison_id: { type: 'string', required: true, readOnly: true },
    baseline_file_id: { type: 'string', required: true },
    secondary_file_id: { type: 'string', required: true },
    secondary_row: { type: 'number', required: true },
    secondary_person: { type: 'any' },
    ...candidate,
    /** The next best baseline rows for the same carrier row, best first. */
    alternatives: { type: 'any' },
    decision: { type: ['ACCEPT', 'REJECT'] as const },
    /** Baseline rows rejected for this carrier row on earlier proposals: never proposed for it again. */
    rejected_baseline_rows: { type: 'list', items: { type: 'number' } },
    /** The baseline row an ACCEPT joins: the proposed one, or an alternative the user picked. */
    decided_baseline_row: optionalNumber,
    decided_by_user_id: optionalString,
    decided_at: optionalString,
    updated_at: updatedAt,
  },
  indexes: {
    byComparison: {
      pk: { field: 'pk', composite: ['company_id', 'comparison_id'] },
      sk: { field: 'sk', composite: ['id'] },
    },
  },
});
