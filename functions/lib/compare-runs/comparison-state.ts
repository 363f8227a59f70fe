import { isConditionFailure } from '../db/conditions';
import { db } from '../db/service';
import { forgetResultsViews } from './results-view';
import type { RunInput, RunProgress } from './types';

/**
 * Reads and writes of the comparison record by the pipeline. Every write is conditional on the
 * run id it belongs to, so a superseded run (the user pressed Compare again) can never overwrite
 * the newer run's status, progress or summary.
 */
export const comparisonKey = (run: Pick<RunInput, 'organization_id' | 'company_id' | 'comparison_id'>) => ({
  organization_id: run.organization_id,
  company_id: run.company_id,
  id: run.comparison_id,
});

export async function readComparison(run: RunInput) {
  const { data } = await db().entities.comparison.get(comparisonKey(run)).go();
  return data;
}
export type ComparisonRecord = NonNullable<Awaited<ReturnType<typeof readComparison>>>;

/**
 * Is `run` still the comparison's run under way? Checked before a task removes the previous
 * results: a task that kept going after its state timed out (or was superseded) must not.
 */
export async function isCurrentRun(run: RunInput): Promise<boolean> {
  const comparison = await readComparison(run);
  return comparison?.run_id === run.run_id && comparison.status === 'RUNNING';
}


type ComparisonPatch = Partial<{
  status: string;
  status_reason: string;
  match_candidates_waiting: number;
  progress: RunProgress | Record<string, unknown>;
  summary: Record<string, unknown>;
  step: string;
}>;

/**
 * Patches the comparison when it still belongs to `run` (and, optionally, still has `status`).
 * Resolves false when the condition failed: the run was superseded or already finished.
 */
export async function patchForRun(
  run: RunInput,
  patch: ComparisonPatch,
  options: { whenStatus?: string; remove?: Array<'status_reason' | 'progress' | 'match_candidates_waiting'> } = {},
): Promise<boolean> {
  try {
    let update = db().entities.comparison.patch(comparisonKey(run)).set(patch);
    if (options.remove?.length) update = update.remove(options.remove);
    await update
      .where((a, op) =>
        options.whenStatus ? `${op.eq(a.run_id, run.run_id)} AND ${op.eq(a.status, options.whenStatus)}` : op.eq(a.run_id, run.run_id),
      )
      .go({ response: 'none' });
    // This container's results lists see the run's new state at once (other containers within RESULTS_VIEW_MS).
    forgetResultsViews();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Writes progress at most every `everyMs` (and on every stage change), never per row: DynamoDB
 * writes cost, and the page polls every 2 s anyway.
 */
export class ProgressReporter {
  private stage: RunProgress['stage'] | null = null;
  private stageStartedAt = new Date().toISOString();
  private lastWrite = 0;
  private pending: Promise<unknown> = Promise.resolve();
  superseded = false;

  constructor(
    private readonly run: RunInput,
    private readonly everyMs = 2000,
  ) {}

  /** Reports; writes now when the stage changed or enough time passed. Never throws. */
  async report(stage: RunProgress['stage'], processed: number, total: number | null, force = false): Promise<void> {
    const now = Date.now();
    const changed = stage !== this.stage;
    if (changed) {
      this.stage = stage;
      this.stageStartedAt = new Date(now).toISOString();
    }
    if (!changed && !force && now - this.lastWrite < this.everyMs) return;
    this.lastWrite = now;
    const progress: RunProgress = {
      stage,
      processed,
      total,
      stage_started_at: this.stageStartedAt,
      updated_at: new Date(now).toISOString(),
    };
    await this.pending;
    this.pending = patchForRun(this.run, { progress }, { whenStatus: 'RUNNING' }).then(
      (ok) => {
        if (!ok) this.superseded = true;
      },
      () => undefined, // progress is best effort; the run goes on
    );
    await this.pending;
  }
}
