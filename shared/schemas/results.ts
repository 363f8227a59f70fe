/**
 * The results of a comparison run as the API shows them (steps 6–7): the list
 * queries of discrepancies and missing rows, the rows themselves with their resolution, the merge
 * values the verification steps record, and the report's counts.
 *
 * PII rule of these reads: an SSN is never answered whole. `unique_identifier` has each SSN-shaped
 * part masked to `***-**-` and its last four digits; values of a data point whose column holds SSNs
 * are masked the same way (`****` when fewer than four digits), and any other SSN-shaped value too.
 */
import { z } from 'zod';
import { invoiceMoneyFields } from './invoice';
import { maybe, id, instant } from './records';
import { pageOf } from './paging';
import { ChangeStatus, FINDING_CHANGE_STATUSES } from '../changes-since';

// ── Queries ──────────────────────────────────────────────────────────────────────────────────────

export const DEFAULT_RESULTS_PAGE = 100;
/** A page of 2,000 results answers in about 1.5 MB, well inside Lambda's 6 MB; whole lists are read in few pages. */
export const MAX_RESULTS_PAGE = 2000;

/** A query-string flag: true / false / 1 / 0. */
export const flagQuery = () =>
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1'));

/** Paging of the result reads (`?limit=&cursor=`, up to MAX_RESULTS_PAGE a page). */
export const resultsPageQuery = {
  limit: z.coerce.number().int().min(1).max(MAX_RESULTS_PAGE).optional(),
  cursor: z.string().min(1).optional(),
};

/** The fields a discrepancy list can be sorted by. */
export const DISCREPANCY_SORT_FIELDS = [
  'unique_identifier', 'last_name', 'data_point_id', 'baseline_value', 'secondary_value', 'resolved_value',
  'resolved_discrepancy_type', 'suggested_type', 'resolved_notes', 'resolved_date', 'baseline_row_index', 'amount',
] as const;

/** GET …/data_point_discrepancies. */
export const discrepancyListQuery = z.object({
  ...resultsPageQuery,
  resolved: flagQuery(),
  /** One data point's discrepancies. */
  data_point_id: z.string().min(1).optional(),
  /** The resolved type, else the suggested one; UNCLASSIFIED: neither. */
  type: z.string().min(1).max(64).optional(),
  /** Include the discrepancies marked skip_verification (left out otherwise). */
  skipverification: flagQuery(),
  /** Only those the caller resolved. */
  mine: flagQuery(),
  /** NEW or STILL_OPEN since the previous comparison of the company carrier. */
  change: z.enum(FINDING_CHANGE_STATUSES, { error: `change must be one of ${FINDING_CHANGE_STATUSES.join(', ')}` }).optional(),
  /** Sorted over every match and paged by offset; the answer then carries `total`. */
  sort: z.enum(DISCREPANCY_SORT_FIELDS, { error: `sort must be one of ${DISCREPANCY_SORT_FIELDS.join(', ')}` }).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});

export const MISSING_KINDS = ['MISSING_IN_SECONDARY', 'MISSING_IN_BASELINE', 'DUPLICATE'] as const;
export const FILE_SIDES = ['BASELINE', 'SECONDARY'] as const;

/** GET …/missing_discrepancies. */
export const missingListQuery = z.object({
  ...resultsPageQuery,
  resolved: flagQuery(),
  /** MISSING_IN_SECONDARY (only in baseline), MISSING_IN_BASELINE (only at carrier), DUPLICATE. */
  kind: z.enum(MISSING_KINDS, { error: `kind must be one of ${MISSING_KINDS.join(', ')}` }).optional(),
  /** For duplicates: the file the identifier repeats in. */
  side: z.enum(FILE_SIDES).optional(),
  /** NEW or STILL_OPEN since the previous comparison of the company carrier. */
  change: z.enum(FINDING_CHANGE_STATUSES, { error: `change must be one of ${FINDING_CHANGE_STATUSES.join(', ')}` }).optional(),
});

export const mergeListQuery = z.object(resultsPageQuery);

export const missingMergeListQuery = z.object({ ...resultsPageQuery, missing_discrepancy_id: z.string().min(1).optional() });

// ── Rows ─────────────────────────────────────────────────────────────────────────────────────────

const maskedNote = 'SSN-shaped parts masked but their last four digits';

/** Tenant and run of every result row. */
const resultKeys = {
  id: id(),
  organization_id: id(),
  company_id: id(),
  comparison_id: id(),
  /** The run that produced the row. */
  run_id: id(),
};

/** Who the row is about, as the files name them. */
const personFields = {
  unique_identifier: z.string().describe(`The matching identifier (parts joined by |), ${maskedNote}`),
  first_name: maybe(z.string()),
  last_name: maybe(z.string()),
  full_name: maybe(z.string()),
  relationship: maybe(z.string()),
};

const resolutionFields = {
  resolved_date: maybe(instant()),
  resolved_by_user_id: maybe(z.string()),
  resolved_notes: maybe(z.string()),
  resolved_verifier_notes: maybe(z.string()),
  resolved_discrepancy_type: maybe(z.string()).describe('A discrepancy type (shared/discrepancies.ts); absent while unresolved'),
};

/** A finding's standing against the previous comparison of its company carrier (shared/changes-since.ts). */
const sincePreviousFields = {
  change_status: maybe(z.enum(FINDING_CHANGE_STATUSES)).describe('NEW or STILL_OPEN since the previous comparison of the company carrier; absent on results saved before this was kept'),
  first_seen_at: maybe(instant()).describe('When the finding was first seen, carried through the earlier comparisons of the company carrier'),
};

const maskedValue = () => maybe(z.string()).describe(`The cell's text; an SSN is masked but its last four digits`);

/** SPEC §3 DataPointDiscrepancy: one data point of one matched person that differs between the files. */
export const discrepancyResponse = z.strictObject({
  ...resultKeys,
  data_point_id: id(),
  baseline_row_index: z.number(),
  secondary_row_index: z.number(),
  baseline_value: maskedValue(),
  secondary_value: maskedValue(),
  ...personFields,
  discrepancy_function_result: maybe(z.number()),
  suggested_type: maybe(z.string()).describe("The engine's guess at the discrepancy type"),
  skip_verification: maybe(z.boolean()),
  resolved_value: maskedValue(),
  resolved_ignore: maybe(z.boolean()),
  ...resolutionFields,
  verification_status: maybe(z.string()).describe("The verifier's review: APPROVED or SENT_BACK; cleared when the decision changes"),
  verified_by_user_id: maybe(z.string()),
  verified_date: maybe(instant()),
  ...invoiceMoneyFields,
  ...sincePreviousFields,
  updated_at: instant(),
});

/** One page of discrepancies; a sorted read pages by offset and adds the number of matches. */
export const discrepancyPageResponse = pageOf(discrepancyResponse).extend({ total: z.number().int().optional() });

/** SPEC §3 MissingDiscrepancy: a person only in one file, or an identifier repeated in one. */
export const missingResponse = z.strictObject({
  ...resultKeys,
  kind: z.enum(MISSING_KINDS),
  side: maybe(z.enum(FILE_SIDES)).describe('For DUPLICATE: the file the identifier repeats in'),
  baseline_row_index: maybe(z.number()),
  secondary_row_index: maybe(z.number()),
  duplicate_identifier_row_index: maybe(z.number()),
  ...personFields,
  resolved_inclusion: maybe(z.boolean()).describe('true included, false excluded, absent undecided'),
  ...resolutionFields,
  ...invoiceMoneyFields,
  ...sincePreviousFields,
  updated_at: instant(),
});

/** SPEC §3 DataPointMerge: the value a resolved discrepancy of a merge comparison puts into the merged set. */
export const dataPointMergeResponse = z.strictObject({
  id: id(),
  organization_id: id(),
  company_id: id(),
  comparison_id: id(),
  data_point_discrepancy_id: id(),
  data_point_id: id(),
  baseline_row_index: z.number(),
  secondary_row_index: maybe(z.number()),
  merge_value: maskedValue(),
  updated_by_user_id: maybe(z.string()),
  updated_at: instant(),
});

/** SPEC §3 MissingDiscrepancyMerge: a value to merge for an included missing row, one per data point. */
export const missingMergeResponse = z.strictObject({
  id: id(),
  organization_id: id(),
  company_id: id(),
  comparison_id: id(),
  missing_discrepancy_id: id(),
  data_point_id: id(),
  merge_value: maskedValue(),
  updated_by_user_id: maybe(z.string()),
  updated_at: instant(),
});

/** A missing row's merge values as a decision answers them. */
export const missingRowMergeResponse = z.strictObject({
  id: id(),
  missing_discrepancy_id: id(),
  data_point_id: id(),
  merge_value: maskedValue(),
  updated_at: instant(),
});

/** PATCH …/missing_discrepancies/{id}: the row after the decision, with its merge values. */
export const missingDecisionResponse = missingResponse.extend({ merges: z.array(missingRowMergeResponse) });

// ── Bulk outcomes ────────────────────────────────────────────────────────────────────────────────

/**
 * One row of a bulk resolution: 200 with the row written, 400 with the field a rule refused, or
 * another status (403 four-eyes refusal, 404 unknown row, 409 stale) with its message.
 */
export const bulkOutcomeOf = <T extends z.ZodType>(record: T) =>
  z.union([
    z.strictObject({ id: id(), status: z.literal(200), record }),
    z.strictObject({ id: id(), status: z.literal(400), field: z.string(), message: z.string() }),
    z.strictObject({ id: id(), status: z.number().int(), message: z.string() }),
  ]);

export const discrepancyBulkResponse = z.strictObject({ results: z.array(bulkOutcomeOf(discrepancyResponse)) });
export const missingBulkResponse = z.strictObject({ results: z.array(bulkOutcomeOf(missingResponse)) });

// ── Report ───────────────────────────────────────────────────────────────────────────────────────

const count = () => z.number().int().min(0);
const fileRef = () => z.strictObject({ id: id(), name: z.string() });

const reportHead = {
  comparison_id: id(),
  status: maybe(z.string()).describe('RUNNING, SUCCEEDED, FAILED or AWAITING_MATCH_CONFIRMATION; null before the first run'),
  status_reason: maybe(z.string()),
  step: z.string(),
  run_id: maybe(z.string()),
};

const reportCards = z.strictObject({
  matched: count(),
  only_in_baseline: count(),
  only_at_carrier: count(),
  duplicates: count(),
  duplicates_in_baseline: count(),
  duplicates_in_secondary: count(),
  discrepancies: count(),
  discrepancies_resolved: count(),
  discrepancies_unresolved: count(),
  missing_resolved: count(),
  missing_unresolved: count(),
});

const byDataPoint = z.array(
  z.strictObject({ data_point_id: id(), baseline_column_name: z.string(), secondary_column_name: maybe(z.string()), count: count() }),
);
const byType = z.array(z.strictObject({ type: z.string(), count: count() }));
const byKind = z.array(z.strictObject({ kind: z.enum(MISSING_KINDS), label: z.string(), count: count() }));

/**
 * GET …/report: the counts of the last successful run (no values), resolved and unresolved counts
 * of its rows, discrepancies per data point and per type (most serious first), rows per kind.
 */
export const reportResponse = z.discriminatedUnion('has_results', [
  z.strictObject({
    ...reportHead,
    has_results: z.literal(false),
    summary: z.null(),
    cards: z.null(),
    /** Empty before the first successful run. */
    by_data_point: byDataPoint,
    by_type: byType,
    by_kind: byKind,
  }),
  z.strictObject({
    ...reportHead,
    has_results: z.literal(true),
    /** The run the counts come from (`run_id` is the latest run, which may still be under way). */
    results_run_id: maybe(z.string()),
    finished_at: maybe(instant()),
    baseline_file: maybe(fileRef()),
    secondary_file: maybe(fileRef()),
    summary: z.strictObject({
      baseline_rows: count(),
      secondary_rows: count(),
      blank_identifier_baseline: count(),
      blank_identifier_secondary: count(),
    }),
    cards: reportCards,
    by_data_point: byDataPoint,
    by_type: byType,
    by_kind: byKind,
  }),
]);
export type ReportResponse = z.infer<typeof reportResponse>;

// ── Changes since the previous comparison ────────────────────────────────────────────────────────

/** GET …/changes_since_previous: `?status=` one list (NEW, STILL_OPEN, FIXED), else all three in that order. */
export const changesListQuery = z.object({
  ...resultsPageQuery,
  status: ChangeStatus.schema.optional().describe('NEW, STILL_OPEN or FIXED; all three when absent'),
});

/** One finding of a changes list: a finding of the run (NEW, STILL_OPEN) or of the previous one (FIXED). */
export const changeItemResponse = z.strictObject({
  id: id(),
  /** The comparison the finding belongs to: this one, or for FIXED the previous one. */
  comparison_id: id(),
  change_status: ChangeStatus.schema,
  kind: z.enum(['DISCREPANCY', ...MISSING_KINDS]).describe('DISCREPANCY (a data point differs), or the missing kind'),
  side: maybe(z.enum(FILE_SIDES)),
  data_point_id: maybe(id()).describe("A discrepancy's data point in its comparison"),
  data_point_name: maybe(z.string()).describe("A discrepancy's data point, by its baseline column"),
  baseline_value: maskedValue(),
  secondary_value: maskedValue(),
  ...personFields,
  suggested_type: maybe(z.string()),
  resolved_discrepancy_type: maybe(z.string()),
  amount: invoiceMoneyFields.amount,
  invoice_kind: invoiceMoneyFields.invoice_kind,
  coverage_line: invoiceMoneyFields.coverage_line,
  first_seen_at: maybe(instant()),
  days_open: z.number().int().min(0).describe('Days from first seen to this run (for FIXED: to the run that found it gone)'),
});

export const changesSincePreviousResponse = pageOf(changeItemResponse).extend({
  has_results: z.boolean().describe('false before the first successful run, and for results saved before changes were kept'),
  previous_comparison_id: maybe(id()).describe('The previous comparison of the company carrier whose run finished; null when there is none (every finding NEW)'),
  previous_comparison_name: maybe(z.string()),
  /** When this run classified its findings (days open count to it). */
  seen_at: maybe(instant()),
  new: count(),
  still_open: count(),
  fixed: count(),
  oldest_open_first_seen_at: maybe(instant()).describe('When the oldest finding still open was first seen'),
});
export type ChangesSincePreviousResponse = z.infer<typeof changesSincePreviousResponse>;

// ── A company carrier's audits over time ─────────────────────────────────────────────────────────

/** One audit of a company carrier whose run finished: its findings by kind and against the audit before it. */
export const carrierAuditResponse = z.strictObject({
  comparison_id: id(),
  name: z.string(),
  audit_type: z.string(),
  finished_at: maybe(instant()),
  discrepancies: count(),
  only_in_baseline: count(),
  only_at_carrier: count(),
  duplicates: count(),
  total: count(),
  /** Null for a run saved before changes were kept. */
  changes: z
    .strictObject({ previous_comparison_id: maybe(id()), new: count(), still_open: count(), fixed: count(), oldest_open_first_seen_at: maybe(instant()) })
    .nullable(),
});

/** GET …/company_carriers/{company_carrier_id}/audits: oldest first, and the oldest finding the latest audit still has open. */
export const carrierAuditsResponse = z.strictObject({
  items: z.array(carrierAuditResponse),
  oldest_open: z
    .strictObject({ comparison_id: id(), name: z.string(), first_seen_at: instant(), days_open: count() })
    .nullable()
    .describe('The oldest finding still open in the latest audit: when it was first seen and how many days ago'),
});
export type CarrierAuditsResponse = z.infer<typeof carrierAuditsResponse>;
