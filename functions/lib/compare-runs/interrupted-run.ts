import { comparisonMachine } from '../../pipeline';
import { isConditionFailure } from '../db/conditions';
import { db } from '../db/service';
import { logger } from '../observability/logger';
import type { ComparisonRecord } from './comparison-state';
import { deleteRunResults } from './results-store';
import type { RunProgress } from './types';

/**
 * A run whose process died without a word (the local stack killed mid-run, a Lambda that never
 * reached its Catch, an execution stopped at the machine's own limit) must not read RUNNING for
 * ever: that refuses every edit of the comparison. Such a run is FAILED with this message.
 */
export const INTERRUPTED_RUN_MESSAGE = 'This run stopped before it finished. Run it again.';

/**
 * The compare task's time limit (the RunComparison Lambda and its state's TimeoutSeconds). A live
 * run writes its progress every few seconds, and every task of the machine, the longest included,
 * has ended by then: progress older than that belongs to a run nobody is running.
 */
export const STALE_RUN_MS = comparisonMachine.steps.find((s) => s.name === 'RunComparison')!.timeoutSeconds * 1000;

type RunState = Pick<ComparisonRecord, 'status' | 'updated_at'> & { progress?: unknown };

/** When the run last showed a sign of life: its progress, or any write of the record (progress writes are writes). */
function lastSignOfLife(comparison: RunState): number {
  const progress = (comparison.progress ?? {}) as Partial<RunProgress>;
  const times = [progress.updated_at, progress.stage_started_at, comparison.updated_at].map((t) => (t ? Date.parse(t) : NaN)).filter((t) => !Number.isNaN(t));
  return times.length ? Math.max(...times) : 0;
}

/** RUNNING with no sign of life for longer than the compare task may run. */
export function isStaleRun(comparison: RunState, now = Date.now()): boolean {
  return comparison.status === 'RUNNING' && now - lastSignOfLife(comparison) > STALE_RUN_MS;
}

/** The comparison as it reads once a stale run is counted as the failure it is (nothing written). */
export function settledRunView<T extends RunState>(comparison: T, now = Date.now()): T {
  if (!isStaleRun(comparison, now)) return comparison;
  const { progress: _progress, ...rest } = comparison;
  return { ...rest, status: 'FAILED', status_reason: INTERRUPTED_RUN_MESSAGE } as unknown as T;
}

/**
 * Records the comparison's run as FAILED with INTERRUPTED_RUN_MESSAGE and removes what it saved of
 * its own results (the lists never showed them), as the state machine's failure task does.
 * Conditional on the record being exactly as read (same run, still RUNNING, no write since), so a
 * run that did show a sign of life meanwhile, or a newer run, is left alone. Answers the record as
 * it now stands.
 */
export async function failInterruptedRun(comparison: ComparisonRecord): Promise<ComparisonRecord> {
  const key = { organization_id: comparison.organization_id, company_id: comparison.company_id, id: comparison.id };
  try {
    const { data } = await db()
      .entities.comparison.patch(key)
      .set({ status: 'FAILED', status_reason: INTERRUPTED_RUN_MESSAGE })
      .remove(['progress'])
      .where((a, op) =>
        [op.eq(a.status, 'RUNNING'), comparison.run_id ? op.eq(a.run_id, comparison.run_id) : op.notExists(a.run_id), op.eq(a.updated_at, comparison.updated_at)].join(' AND '),
      )
      .go({ response: 'all_new' });
    const removed = comparison.run_id ? await deleteRunResults({ ...key, comparison_id: comparison.id, run_id: comparison.run_id }) : 0;
    logger.warn('comparison run stopped before it finished', { comparison_id: comparison.id, run_id: comparison.run_id, removed });
    return { ...comparison, ...data } as ComparisonRecord;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const { data } = await db().entities.comparison.get(key).go({ consistent: true });
    return data ?? comparison;
  }
}

/** The comparison, its run recorded FAILED first when it is stale. */
export async function settleStaleRun(comparison: ComparisonRecord, now = Date.now()): Promise<ComparisonRecord> {
  return isStaleRun(comparison, now) ? failInterruptedRun(comparison) : comparison;
}
