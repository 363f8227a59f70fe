import { maskSsnColumnValue, maskSsnLike } from '../../../shared/mask';
import { mergeFromResolution } from '../../../shared/merge';
import type { Reviewer } from '../../../shared/four-eyes';
import { can } from '../../../shared/permissions/actions';
import {
  ResolutionForbiddenError,
  ResolutionRuleError,
  planMissingMerges,
  STALE_MESSAGE,
  type MissingDiscrepancyMerge,
} from '../../../shared/resolution';
import type { MissingMergeInput } from '../../../shared/schemas/resolution';
import { recordAudit } from '../audit/record';
import type { Caller } from '../tenancy/caller';
import { companyContext, requireAction } from '../tenancy/company-context';
import { loadComparison, type ComparisonRecord } from '../comparisons/comparison-record';
import { maskDiscrepancy, maskPerson, ssnDataPoints } from '../compare-runs/results-read';
import { db } from '../db/service';
import { transactWriteOrConflict, type TransactionEntities, type TransactionItem } from '../db/transactions';
import { missingMergeId } from '../db/missing-discrepancy-merge';
import { HttpError, badRequest, conflict, notFound } from '../errors';
import { accessScope } from '../tenancy/scope';

/**
 * The writes of the verification steps (rules in shared/resolution.ts, wiring in
 * docs/merge-export.md): tenant scope and the `comparison.resolve` action (verify-only users
 * included), read-only after completion, conditional writes on the `updated_at` read (a lost race
 * is 409 and writes nothing), and the DataPointMerge / MissingDiscrepancyMerge records that follow.
 * No value, identifier or date of birth is ever logged here.
 */
export const COMPLETE_MESSAGE = 'This comparison is complete and can no longer be changed.';

export type DiscrepancyRecord = NonNullable<Awaited<ReturnType<typeof readDiscrepancy>>>;
export type MissingRecord = NonNullable<Awaited<ReturnType<typeof readMissing>>>;

export interface VerificationContext {
  caller: Caller;
  comparison: ComparisonRecord;
  key: { company_id: string; comparison_id: string };
  ssnPoints: Set<string>;
}

export const isMergeComparison = (comparison: { type?: string | null }) => comparison.type === 'COMPARE_MERGE' || comparison.type === 'MERGE_ONLY';

/** The comparison the caller may verify (404 outside the tenant or without the action), refused once complete. */
export async function verificationContext(caller: Caller, companyId: string, comparisonId: string, options: { write?: boolean } = {}): Promise<VerificationContext> {
  const ctx = await companyContext(caller, companyId);
  await requireAction(ctx, 'comparison.resolve');
  const comparison = await loadComparison(ctx, comparisonId);
  if ((options.write ?? true) && (comparison.completed_at || comparison.step === 'COMPLETE')) throw conflict(COMPLETE_MESSAGE);
  return { caller, comparison, key: { company_id: comparison.company_id, comparison_id: comparison.id }, ssnPoints: ssnDataPoints(comparison.summary) };
}

export async function readDiscrepancy(key: VerificationContext['key'], id: string, options: { consistent?: boolean } = {}) {
  const { data } = await db().entities.dataPointDiscrepancy.get({ ...key, id }).go(options);
  return data;
}

export async function readMissing(key: VerificationContext['key'], id: string, options: { consistent?: boolean } = {}) {
  const { data } = await db().entities.missingDiscrepancy.get({ ...key, id }).go(options);
  return data;
}

/** 400 with the field named, from a rule of shared/resolution.ts; 403 from a four-eyes refusal. */
export function ruleError(error: ResolutionRuleError | ResolutionForbiddenError): HttpError {
  if (error instanceof ResolutionForbiddenError) return new HttpError(403, error.message);
  return badRequest(error.message, { [error.field]: error.message });
}

/**
 * What the four-eyes rules know about the caller on this comparison: its assigned verifier, and
 * whether the caller builds comparisons in this company (who may exempt while none is assigned).
 */
export async function reviewerOf(vc: VerificationContext): Promise<Reviewer> {
  const { caller, comparison } = vc;
  const target = { organization_id: comparison.organization_id, company_id: comparison.company_id };
  return {
    userId: caller.user.id,
    verifierId: comparison.verifier_user_id ?? null,
    buildsComparisons: can(caller.user, 'comparison.complete', target, await accessScope(caller)),
  };
}

/** The set/remove pair of a conditional patch: changed values set, values gone removed. */
function diff<T, K extends keyof T & string>(before: T, after: T, fields: readonly K[]): { set: Partial<Pick<T, K>>; remove: K[] } {
  const set: Partial<Pick<T, K>> = {};
  const remove: K[] = [];
  for (const field of fields) {
    const b = after[field];
    if ((before[field] ?? null) === (b ?? null)) continue;
    if (b === null || b === undefined) remove.push(field);
    else set[field] = b;
  }
  return { set, remove };
}

const DISCREPANCY_FIELDS = [
  'resolved_discrepancy_type',
  'resolved_value',
  'resolved_notes',
  'resolved_verifier_notes',
  'resolved_ignore',
  'skip_verification',
  'credit_status',
  'resolved_by_user_id',
  'resolved_date',
  'verification_status',
  'verified_by_user_id',
  'verified_date',
] as const;

const MISSING_FIELDS = [
  'resolved_inclusion',
  'resolved_discrepancy_type',
  'resolved_notes',
  'resolved_verifier_notes',
  'credit_status',
  'resolved_by_user_id',
  'resolved_date',
] as const;

/** A changed decision (type, value, ignore) needs a fresh review: the verifier's approval or send-back is cleared. */
function clearReviewOnDecision(before: DiscrepancyRecord, after: DiscrepancyRecord): DiscrepancyRecord {
  const changed =
    (before.resolved_discrepancy_type ?? null) !== (after.resolved_discrepancy_type ?? null) ||
    (before.resolved_value ?? null) !== (after.resolved_value ?? null) ||
    (before.resolved_ignore === true) !== (after.resolved_ignore === true);
  return changed ? { ...after, verification_status: undefined, verified_by_user_id: undefined, verified_date: undefined } : after;
}

/**
 * Writes a discrepancy after a change, conditional on the `updated_at` read, and in merge
 * comparisons the DataPointMerge its resolution gives (or the removal of the one it no longer
 * gives) in the same transaction: a decision is never stored without its merge, nor the reverse.
 * Someone else wrote first → 409, nothing written.
 */
export async function writeDiscrepancy(vc: VerificationContext, before: DiscrepancyRecord, next: DiscrepancyRecord, expectedUpdatedAt: string): Promise<DiscrepancyRecord> {
  const after = clearReviewOnDecision(before, next);
  const { set, remove } = diff(before, after, DISCREPANCY_FIELDS);
  const key = { ...vc.key, id: before.id };
  await transactWriteOrConflict(({ dataPointDiscrepancy, dataPointMerge }) => {
    let op = dataPointDiscrepancy.patch(key).set(set);
    if (remove.length) op = op.remove(remove);
    return [op.where((a, o) => o.eq(a.updated_at, expectedUpdatedAt)).commit(), ...(isMergeComparison(vc.comparison) ? [dataPointMergeWrite(vc, after, dataPointMerge)] : [])];
  }, STALE_MESSAGE);
  await recordAudit(vc.caller, { action: 'DISCREPANCY_RESOLVED', organization_id: vc.comparison.organization_id, ...vc.key, target_type: 'DISCREPANCY', target_id: before.id, fields: [...Object.keys(set), ...remove] });
  return (await readDiscrepancy(vc.key, before.id, { consistent: true }))!;
}

/** The put of the DataPointMerge a resolution gives (mergeFromResolution), or its delete when it gives none. */
function dataPointMergeWrite(vc: VerificationContext, record: DiscrepancyRecord, entity: TransactionEntities['dataPointMerge']): TransactionItem {
  const merge = mergeFromResolution(record);
  if (!merge) return entity.delete({ ...vc.key, id: record.id }).commit();
  return entity
    .put({
      ...vc.key,
      organization_id: vc.comparison.organization_id,
      id: record.id,
      data_point_discrepancy_id: record.id,
      data_point_id: merge.data_point_id,
      baseline_row_index: merge.baseline_row_index ?? record.baseline_row_index,
      secondary_row_index: merge.secondary_row_index ?? undefined,
      merge_value: merge.merge_value ?? undefined,
      updated_by_user_id: vc.caller.user.id,
    })
    .commit();
}

/**
 * Writes a missing row after a change, conditional on the `updated_at` read, and its merge values
 * after the decision (planMissingMerges: `merges` replaces the set; excluded or undecided → none)
 * in the same transaction: each value put whole over the one it replaces, the ones no longer wanted
 * deleted. Someone else wrote first → 409, nothing written. Answers the row and its merges.
 */
export async function writeMissing(
  vc: VerificationContext,
  before: MissingRecord,
  next: MissingRecord,
  expectedUpdatedAt: string,
  merges?: MissingMergeInput[],
): Promise<{ record: MissingRecord; merges: StoredMissingMerge[] }> {
  const { set, remove } = diff(before, next, MISSING_FIELDS);
  const existing = await missingMergesOf(vc, before.id);
  const plan = planMissingMerges(existing, { merges, resolved_inclusion_after: next.resolved_inclusion ?? null });
  await transactWriteOrConflict(({ missingDiscrepancy, missingDiscrepancyMerge }) => {
    let op = missingDiscrepancy.patch({ ...vc.key, id: before.id }).set(set);
    if (remove.length) op = op.remove(remove);
    return [
      op.where((a, o) => o.eq(a.updated_at, expectedUpdatedAt)).commit(),
      ...existing
        .filter((m) => plan.delete.includes(m.id))
        .map((m) => missingDiscrepancyMerge.delete({ ...vc.key, missing_discrepancy_id: before.id, data_point_id: m.data_point_id }).commit()),
      ...plan.put.map((m) =>
        missingDiscrepancyMerge
          .put({
            ...vc.key,
            organization_id: vc.comparison.organization_id,
            id: missingMergeId(before.id, m.data_point_id),
            missing_discrepancy_id: before.id,
            data_point_id: m.data_point_id,
            merge_value: m.merge_value ?? undefined,
            updated_by_user_id: vc.caller.user.id,
          })
          .commit(),
      ),
    ];
  }, STALE_MESSAGE);
  await recordAudit(vc.caller, { action: 'MISSING_ROW_RESOLVED', organization_id: vc.comparison.organization_id, ...vc.key, target_type: 'MISSING_ROW', target_id: before.id, fields: [...Object.keys(set), ...remove] });
  const record = (await readMissing(vc.key, before.id, { consistent: true }))!;
  return { record, merges: plan.delete.length || plan.put.length ? await missingMergesOf(vc, before.id) : existing };
}

/** A merge value as stored: its id and version are always there. */
export type StoredMissingMerge = MissingDiscrepancyMerge & { id: string; updated_at: string };

export async function missingMergesOf(vc: VerificationContext, missingId: string): Promise<StoredMissingMerge[]> {
  const { data } = await db().entities.missingDiscrepancyMerge.query.byComparison({ ...vc.key, missing_discrepancy_id: missingId }).go({ pages: 'all', consistent: true });
  return data.map((m) => ({ id: m.id, missing_discrepancy_id: m.missing_discrepancy_id, data_point_id: m.data_point_id, merge_value: m.merge_value ?? null, updated_at: m.updated_at }));
}

export async function dataPointIdsOf(vc: VerificationContext): Promise<string[]> {
  const { data } = await db().entities.dataPoint.query.byComparison(vc.key).go({ pages: 'all', attributes: ['id'] });
  return data.map((p) => p.id);
}

/** The stored record or 404; a stale `updated_at` → 409 before anything is decided. */
export function requireFresh<T extends { updated_at?: string } | null | undefined>(record: T, updatedAt: string): NonNullable<T> {
  if (!record) throw notFound();
  if (record.updated_at !== updatedAt) throw conflict();
  return record as NonNullable<T>;
}

/** Runs `work` over items with at most `limit` at once, keeping order. */
export async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const run = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, run));
  return out;
}

export const maskedDiscrepancy = (vc: VerificationContext, record: DiscrepancyRecord) => maskDiscrepancy(record, vc.ssnPoints);
export const maskedMissing = (record: MissingRecord) => maskPerson(record);

/** A merge value of an SSN data point masked like the column; others masked when SSN-shaped. */
export function maskMergeValue<T extends { data_point_id: string; merge_value?: string | null }>(item: T, ssnPoints: Set<string>): T {
  const mask = ssnPoints.has(item.data_point_id) ? maskSsnColumnValue : maskSsnLike;
  return { ...item, merge_value: mask(item.merge_value) };
}
