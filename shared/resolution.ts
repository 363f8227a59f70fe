/**
 * The rules of the verification steps, pure: what a resolution change does to a
 * DataPointDiscrepancy or a MissingDiscrepancy, when a row counts as decided, who may approve, and
 * what blocks COMPLETE. Routes validate the body with shared/schemas/resolution.ts, check the
 * `updated_at` they read (409 when stale), then call these and write the returned record.
 */
import type { DiscrepancyType } from './discrepancies';
import type {
  DiscrepancyBulkResolution,
  DiscrepancyResolutionChange,
  MissingMergeInput,
  MissingResolutionChange,
  ResolvedValueSource,
} from './schemas/resolution';
import { VALUE_FOR_IGNORED_MESSAGE } from './schemas/resolution';
import { EXEMPT_UNRESOLVED_MESSAGE, exemptionRefusal, type Reviewer } from './four-eyes';

/** The fields of SPEC §3 DataPointDiscrepancy these rules read and write (stored records carry more). */
export interface DataPointDiscrepancy {
  id: string;
  data_point_id: string;
  baseline_row_index: number;
  secondary_row_index: number;
  baseline_value?: string | null;
  secondary_value?: string | null;
  unique_identifier?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  full_name?: string | null;
  relationship?: string | null;
  discrepancy_function_result?: number | null;
  suggested_type?: string | null;
  resolved_value?: string | null;
  resolved_date?: string | null;
  resolved_by_user_id?: string | null;
  resolved_notes?: string | null;
  resolved_verifier_notes?: string | null;
  resolved_ignore?: boolean | null;
  skip_verification?: boolean | null;
  resolved_discrepancy_type?: string | null;
  credit_status?: string | null;
  /** Invoice reconciliations: signed dollars, months, kind and coverage line of the finding. */
  amount?: number | null;
  months?: string[] | null;
  invoice_kind?: string | null;
  coverage_line?: string | null;
  updated_at?: string;
}

export type MissingKind = 'MISSING_IN_SECONDARY' | 'MISSING_IN_BASELINE' | 'DUPLICATE';

/** SPEC §3 MissingDiscrepancy, plus the `kind` and duplicate `side` the pipeline stores. */
export interface MissingDiscrepancy {
  id: string;
  comparison_id?: string;
  kind?: MissingKind | string | null;
  side?: 'BASELINE' | 'SECONDARY' | string | null;
  baseline_row_index?: number | null;
  secondary_row_index?: number | null;
  duplicate_identifier_row_index?: number | null;
  unique_identifier?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  full_name?: string | null;
  relationship?: string | null;
  resolved_inclusion?: boolean | null;
  resolved_date?: string | null;
  resolved_by_user_id?: string | null;
  resolved_notes?: string | null;
  resolved_verifier_notes?: string | null;
  resolved_discrepancy_type?: string | null;
  credit_status?: string | null;
  /** Invoice reconciliations: signed dollars, months, kind and coverage line of the finding. */
  amount?: number | null;
  months?: string[] | null;
  invoice_kind?: string | null;
  coverage_line?: string | null;
  updated_at?: string;
}

/** SPEC §3 MissingDiscrepancyMerge. */
export interface MissingDiscrepancyMerge {
  id?: string;
  missing_discrepancy_id: string;
  data_point_id: string;
  merge_value: string | null;
  updated_at?: string;
}

export interface ResolutionContext {
  userId: string;
  now: Date | string;
  /**
   * The comparison's assigned verifier and whether the caller builds comparisons: what the
   * four-eyes rule needs to judge `skip_verification: true`. Without it, asking for the exemption
   * is refused.
   */
  reviewer?: Omit<Reviewer, 'userId'>;
}

/** A change that contradicts the record it is applied to; routes answer 400 with `field` named. */
export interface FieldError {
  field: string;
  message: string;
}

export class ResolutionRuleError extends Error {
  readonly field: string;
  constructor(error: FieldError) {
    super(error.message);
    this.name = 'ResolutionRuleError';
    this.field = error.field;
  }
}

/** A change the caller is not the person to make (four eyes); routes answer 403 with the message. */
export class ResolutionForbiddenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ResolutionForbiddenError';
  }
}

const iso = (now: Date | string): string => (typeof now === 'string' ? new Date(now).toISOString() : now.toISOString());
const has = (v: unknown): boolean => v !== undefined && v !== null;

/** A discrepancy is resolved once it has a type (ignoring one gives it the type IGNORE). */
export function isResolved(record: Pick<DataPointDiscrepancy, 'resolved_discrepancy_type'>): boolean {
  return has(record.resolved_discrepancy_type) && record.resolved_discrepancy_type !== '';
}

/** A missing row is decided once it is included or excluded. */
export function isMissingDecided(record: Pick<MissingDiscrepancy, 'resolved_inclusion'>): boolean {
  return record.resolved_inclusion === true || record.resolved_inclusion === false;
}

/**
 * The contradictions between a change and the record it applies to (the schema already refused those
 * inside the change): a value for a row that is ignored, or stays ignored, is refused.
 */
export function checkResolution(record: DataPointDiscrepancy, change: DiscrepancyResolutionChange): FieldError | null {
  if (change.resolved_discrepancy_type === null) return null; // clearing: the schema refused anything beside it
  const typeAfter = change.resolved_discrepancy_type ?? record.resolved_discrepancy_type ?? null;
  const ignored = ignoredAfter(record, change);
  if (!ignored && typeAfter === 'IGNORE') {
    return { field: 'resolved_ignore', message: 'resolved_ignore cannot be false while the type is IGNORE; choose another type' };
  }
  if (!ignored) return null;
  if (has(change.resolved_value)) return { field: 'resolved_value', message: VALUE_FOR_IGNORED_MESSAGE };
  if (change.resolved_value_source === 'BASELINE' || change.resolved_value_source === 'SECONDARY') {
    return { field: 'resolved_value_source', message: VALUE_FOR_IGNORED_MESSAGE };
  }
  return null;
}

/**
 * Whether the row is ignored after the change: as the change says; else the type IGNORE ignores it
 * and moving the type away from IGNORE un-ignores it; else as it was.
 */
function ignoredAfter(record: DataPointDiscrepancy, change: DiscrepancyResolutionChange): boolean {
  if (change.resolved_ignore !== undefined) return change.resolved_ignore;
  const type = change.resolved_discrepancy_type;
  if (type === 'IGNORE') return true;
  if (type && record.resolved_discrepancy_type === 'IGNORE') return false;
  return record.resolved_ignore === true;
}

function chosenValue(record: DataPointDiscrepancy, change: DiscrepancyResolutionChange): string | null | undefined {
  const source: ResolvedValueSource | undefined = change.resolved_value_source;
  if (source === 'BASELINE') return record.baseline_value ?? null;
  if (source === 'SECONDARY') return record.secondary_value ?? null;
  return change.resolved_value; // CUSTOM, or a value without a source (taken as typed)
}

/**
 * The record after a change, with `resolved_by_user_id` and `resolved_date` set by the server:
 * - the type `null` un-resolves: type, value, ignore, resolver and date cleared (notes kept);
 * - ignoring (resolved_ignore true, or the type IGNORE) sets both, clears the value, and gives a row
 *   without a type the type IGNORE;
 * - `resolved_value_source` BASELINE / SECONDARY takes that side's stored value (a `resolved_value`
 *   sent beside it is not used), CUSTOM takes `resolved_value`;
 * - resolver and date are set when a decision field (type, value, ignore) changes and the row is
 *   resolved afterwards; notes, verifier notes and skip_verification alone leave them as they were,
 *   so a verifier's note never makes the verifier the resolver;
 * - skip_verification: see settleExemption.
 * Throws ResolutionRuleError (with the field) on a contradiction: see checkResolution; and
 * ResolutionForbiddenError when the caller may not exempt the resolution from verification.
 */
export function applyResolution<T extends DataPointDiscrepancy>(record: T, change: DiscrepancyResolutionChange, ctx: ResolutionContext): T {
  const error = checkResolution(record, change);
  if (error) throw new ResolutionRuleError(error);
  return settleExemption(record, decide(record, change, ctx), change, ctx);
}

/** The record after the change's notes and decision, resolver and date set as applyResolution says. */
function decide<T extends DataPointDiscrepancy>(record: T, change: DiscrepancyResolutionChange, ctx: ResolutionContext): T {
  const now = iso(ctx.now);
  const next: T = { ...record };
  if (change.resolved_notes !== undefined) next.resolved_notes = change.resolved_notes;
  if (change.resolved_verifier_notes !== undefined) next.resolved_verifier_notes = change.resolved_verifier_notes;
  if (change.skip_verification !== undefined) next.skip_verification = change.skip_verification;
  if (change.credit_status !== undefined) next.credit_status = change.credit_status;

  if (change.resolved_discrepancy_type === null) {
    next.resolved_discrepancy_type = null;
    next.resolved_value = null;
    next.resolved_ignore = false;
    next.resolved_by_user_id = null;
    next.resolved_date = null;
    next.updated_at = now;
    return next;
  }

  if (change.resolved_discrepancy_type !== undefined) next.resolved_discrepancy_type = change.resolved_discrepancy_type;
  const value = chosenValue(record, change);
  if (value !== undefined) next.resolved_value = value;
  next.resolved_ignore = ignoredAfter(record, change);
  if (next.resolved_ignore === true) {
    next.resolved_value = null;
    if (!has(next.resolved_discrepancy_type)) next.resolved_discrepancy_type = 'IGNORE' satisfies DiscrepancyType;
  }

  if (decisionChanged(record, next) && isResolved(next)) {
    next.resolved_by_user_id = ctx.userId;
    next.resolved_date = now;
  }
  next.updated_at = now;
  return next;
}

/** Whether the decision itself (type, value, ignore) differs between two versions of a row. */
function decisionChanged(before: DataPointDiscrepancy, after: DataPointDiscrepancy): boolean {
  return (
    (before.resolved_discrepancy_type ?? null) !== (after.resolved_discrepancy_type ?? null) ||
    (before.resolved_value ?? null) !== (after.resolved_value ?? null) ||
    (before.resolved_ignore === true) !== (after.resolved_ignore === true)
  );
}

/**
 * skip_verification after a change. Asking for it (true) needs a resolved row (400 naming the
 * field otherwise) and a caller the four-eyes rule lets exempt it (shared/four-eyes.ts); the resolver
 * is judged after the change, so resolving and exempting in one request is refusing one's own. A
 * new decision that does not ask for it drops an earlier exemption: that was granted for the
 * decision it replaces, and the new one has had no second look. Clearing it is open to everyone.
 */
function settleExemption<T extends DataPointDiscrepancy>(record: T, next: T, change: DiscrepancyResolutionChange, ctx: ResolutionContext): T {
  if (change.skip_verification === true) {
    if (!isResolved(next)) throw new ResolutionRuleError({ field: 'skip_verification', message: EXEMPT_UNRESOLVED_MESSAGE });
    const refusal = exemptionRefusal(next.resolved_by_user_id, ctx.reviewer && { ...ctx.reviewer, userId: ctx.userId });
    if (refusal) throw new ResolutionForbiddenError(refusal);
    return next;
  }
  if (change.skip_verification === undefined && next.skip_verification === true && decisionChanged(record, next)) {
    return { ...next, skip_verification: false };
  }
  return next;
}

/** The status a person reads (export, grid): Ignored, Resolved or Unresolved. */
export function resolutionStatus(record: DataPointDiscrepancy): 'Ignored' | 'Resolved' | 'Unresolved' {
  if (!isResolved(record)) return 'Unresolved';
  return record.resolved_ignore === true || record.resolved_discrepancy_type === 'IGNORE' ? 'Ignored' : 'Resolved';
}

/**
 * Whether `verifierId` may approve a resolution: only a resolved row, and never one they resolved
 * themselves (UX: nobody approves their own resolution).
 */
export function canVerifierApprove(
  resolution: Pick<DataPointDiscrepancy, 'resolved_by_user_id' | 'resolved_discrepancy_type'> | Pick<MissingDiscrepancy, 'resolved_by_user_id' | 'resolved_inclusion'>,
  verifierId: string,
): boolean {
  if (!verifierId) return false;
  const resolver = resolution.resolved_by_user_id;
  if (!resolver || resolver === verifierId) return false;
  if ('resolved_inclusion' in resolution) return isMissingDecided(resolution);
  return isResolved(resolution as Pick<DataPointDiscrepancy, 'resolved_discrepancy_type'>);
}

// ---------------------------------------------------------------------------------------------
// Missing rows

/**
 * The inclusion a missing row's type suggests (UX: "a TERM or COBRA row is usually excluded"):
 * false for TERM, COBRA, DROPPED_COVERAGE_AT_OE (coverage ended), DUPLICATE and IGNORE (adding them
 * would duplicate or revive a row); true for any other type; null without a type. A default only:
 * the page pre-fills it, the server never decides a row on its own.
 */
export function defaultInclusionFor(type: DiscrepancyType | string | null | undefined): boolean | null {
  if (!type) return null;
  return !EXCLUDED_BY_DEFAULT.has(type);
}
const EXCLUDED_BY_DEFAULT = new Set<string>(['TERM', 'COBRA', 'DROPPED_COVERAGE_AT_OE', 'DUPLICATE', 'IGNORE']);

/** The kind of a missing row: the stored `kind`, else told from which row indexes it has. */
export function missingKindOf(record: MissingDiscrepancy): MissingKind {
  if (record.kind === 'MISSING_IN_SECONDARY' || record.kind === 'MISSING_IN_BASELINE' || record.kind === 'DUPLICATE') return record.kind;
  if (has(record.duplicate_identifier_row_index)) return 'DUPLICATE';
  return has(record.baseline_row_index) && !has(record.secondary_row_index) ? 'MISSING_IN_SECONDARY' : 'MISSING_IN_BASELINE';
}

/** For a DUPLICATE: the side the repeated identifier is on (stored `side`, else the side with a row index). */
export function duplicateSideOf(record: MissingDiscrepancy): 'BASELINE' | 'SECONDARY' {
  if (record.side === 'BASELINE' || record.side === 'SECONDARY') return record.side;
  return has(record.baseline_row_index) ? 'BASELINE' : 'SECONDARY';
}

/** Contradictions of a missing-row change with its record and comparison (merges for an excluded row, unknown data points). */
export function checkMissingResolution(
  record: MissingDiscrepancy,
  change: MissingResolutionChange,
  options: { dataPointIds?: Iterable<string> } = {},
): FieldError | null {
  const inclusionAfter = change.resolved_inclusion !== undefined ? change.resolved_inclusion : record.resolved_inclusion ?? null;
  if (change.merges && change.merges.length > 0) {
    if (inclusionAfter !== true) {
      return { field: 'merges', message: 'merges apply only to an included row (resolved_inclusion true)' };
    }
    if (options.dataPointIds) {
      const known = new Set(options.dataPointIds);
      const bad = change.merges.findIndex((m) => !known.has(m.data_point_id));
      if (bad >= 0) return { field: `merges.${bad}.data_point_id`, message: 'data_point_id is not a data point of this comparison' };
    }
  }
  return null;
}

/**
 * The missing row after a change. Resolver and date are set when the inclusion or type changes and
 * the row is decided afterwards; `resolved_inclusion: null` makes it undecided again (resolver and
 * date cleared). Merge values are separate records: see planMissingMerges.
 */
export function applyMissingResolution<T extends MissingDiscrepancy>(
  record: T,
  change: MissingResolutionChange,
  ctx: ResolutionContext & { dataPointIds?: Iterable<string> },
): T {
  const error = checkMissingResolution(record, change, { dataPointIds: ctx.dataPointIds });
  if (error) throw new ResolutionRuleError(error);
  const now = iso(ctx.now);
  const next: T = { ...record };
  if (change.resolved_notes !== undefined) next.resolved_notes = change.resolved_notes;
  if (change.resolved_verifier_notes !== undefined) next.resolved_verifier_notes = change.resolved_verifier_notes;
  if (change.credit_status !== undefined) next.credit_status = change.credit_status;
  const beforeInclusion = record.resolved_inclusion ?? null;
  const beforeType = record.resolved_discrepancy_type ?? null;
  if (change.resolved_inclusion !== undefined) next.resolved_inclusion = change.resolved_inclusion;
  if (change.resolved_discrepancy_type !== undefined) next.resolved_discrepancy_type = change.resolved_discrepancy_type;
  if (!isMissingDecided(next)) {
    next.resolved_by_user_id = null;
    next.resolved_date = null;
  } else if ((next.resolved_inclusion ?? null) !== beforeInclusion || (next.resolved_discrepancy_type ?? null) !== beforeType) {
    next.resolved_by_user_id = ctx.userId;
    next.resolved_date = now;
  }
  next.updated_at = now;
  return next;
}

/**
 * What to write for a missing row's merge values: `merges` sent replaces the set (one per data
 * point); excluding or un-deciding the row removes them all. Returns the values to put (create or
 * overwrite by data point) and the ids of stored merges to delete.
 */
export function planMissingMerges(
  existing: readonly MissingDiscrepancyMerge[],
  change: Pick<MissingResolutionChange, 'merges'> & { resolved_inclusion_after: boolean | null },
): { put: MissingMergeInput[]; delete: string[] } {
  if (change.resolved_inclusion_after !== true) {
    return { put: [], delete: existing.map((m) => m.id).filter((id): id is string => !!id) };
  }
  if (!change.merges) return { put: [], delete: [] };
  const wanted = new Map(change.merges.map((m) => [m.data_point_id, m]));
  const del = existing.filter((m) => !wanted.has(m.data_point_id) && m.id).map((m) => m.id!);
  const put = [...wanted.values()].filter((m) => {
    const same = existing.find((e) => e.data_point_id === m.data_point_id);
    return !same || (same.merge_value ?? null) !== (m.merge_value ?? null);
  });
  return { put, delete: del };
}

// ---------------------------------------------------------------------------------------------
// Bulk

export type BulkOutcome<T> =
  | { id: string; status: 200; record: T }
  | { id: string; status: 404; message: string }
  | { id: string; status: 409; message: string }
  | { id: string; status: 403; message: string }
  | { id: string; status: 400; field: string; message: string };

export const STALE_MESSAGE = 'This row was changed by someone else; reload it and try again';
export const NOT_FOUND_MESSAGE = 'No such row in this comparison';

/**
 * Applies one bulk change to every id, each judged on its own (UX: success or failure per row):
 * unknown id → 404, `updated_at` not the one read → 409, contradiction → 400 with the field, an
 * exemption the caller may not give (four eyes) → 403.
 * The route writes each 200 record with a condition on the expected `updated_at` (a write that loses
 * the race becomes 409 as well).
 */
export function applyBulkResolution<T extends DataPointDiscrepancy>(
  records: ReadonlyMap<string, T>,
  bulk: DiscrepancyBulkResolution,
  ctx: ResolutionContext,
): BulkOutcome<T>[] {
  return bulkApply(records, bulk.ids, bulk.expected, (r) => applyResolution(r, bulk.changes, ctx));
}

export function applyMissingBulkResolution<T extends MissingDiscrepancy>(
  records: ReadonlyMap<string, T>,
  bulk: { ids: string[]; expected: Record<string, string>; changes: Omit<MissingResolutionChange, 'merges'> },
  ctx: ResolutionContext,
): BulkOutcome<T>[] {
  return bulkApply(records, bulk.ids, bulk.expected, (r) => applyMissingResolution(r, bulk.changes, ctx));
}

function bulkApply<T extends { updated_at?: string }>(
  records: ReadonlyMap<string, T>,
  ids: readonly string[],
  expected: Record<string, string>,
  apply: (record: T) => T,
): BulkOutcome<T>[] {
  return ids.map((id): BulkOutcome<T> => {
    const record = records.get(id);
    if (!record) return { id, status: 404, message: NOT_FOUND_MESSAGE };
    if (record.updated_at !== expected[id]) return { id, status: 409, message: STALE_MESSAGE };
    try {
      return { id, status: 200, record: apply(record) };
    } catch (e) {
      if (e instanceof ResolutionRuleError) return { id, status: 400, field: e.field, message: e.message };
      if (e instanceof ResolutionForbiddenError) return { id, status: 403, message: e.message };
      throw e;
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Completion

export interface CompletionChecklist {
  /** True when nothing blocks, or when blockers were overridden. */
  ok: boolean;
  blockers: string[];
  /** True when blockers existed and the override let COMPLETE through (the route records this). */
  overridden: boolean;
  counts: {
    discrepancies: number;
    unresolved_discrepancies: number;
    missing: number;
    undecided_missing: number;
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * UX "Complete and export": every discrepancy resolved, every missing row included or excluded, the
 * verifier signed off. `override` (a role allowed to, checked by the route) lets COMPLETE through
 * with the blockers kept for the record.
 */
export function completionChecklist(input: {
  discrepancies: Iterable<Pick<DataPointDiscrepancy, 'resolved_discrepancy_type'>>;
  missing: Iterable<Pick<MissingDiscrepancy, 'resolved_inclusion'>>;
  verifierSignedOff: boolean;
  override?: boolean;
}): CompletionChecklist {
  let discrepancies = 0;
  let unresolved = 0;
  for (const d of input.discrepancies) {
    discrepancies++;
    if (!isResolved(d)) unresolved++;
  }
  let missing = 0;
  let undecided = 0;
  for (const m of input.missing) {
    missing++;
    if (!isMissingDecided(m)) undecided++;
  }
  const blockers: string[] = [];
  if (unresolved > 0) blockers.push(`${plural(unresolved, 'discrepancy', 'discrepancies')} of ${discrepancies} not resolved`);
  if (undecided > 0) blockers.push(`${plural(undecided, 'missing row', 'missing rows')} of ${missing} not included or excluded`);
  if (!input.verifierSignedOff) blockers.push('The verifier has not signed off');
  const overridden = blockers.length > 0 && input.override === true;
  return {
    ok: blockers.length === 0 || overridden,
    blockers,
    overridden,
    counts: { discrepancies, unresolved_discrepancies: unresolved, missing, undecided_missing: undecided },
  };
}
