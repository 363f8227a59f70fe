import type { Context } from 'aws-lambda';
import { stepNumber } from '../../shared/comparisons';
import { isCurrentRun, patchForRun, ProgressReporter, readComparison } from '../lib/compare-runs/comparison-state';
import { deleteOtherResults, deletePending, readPending, readSummary, writeAll } from '../lib/compare-runs/results-store';
import { PipelineError, TIME_LIMIT, taskDeadline, type ComparedRun } from '../lib/compare-runs/types';
import { config } from '../lib/config';
import { logger } from '../lib/observability/logger';
import { instrumented } from '../lib/observability/instrumented';

/**
 * NotifyComparison: writes any results the compare task handed over (it ran out of time), then
 * publishes the run's summary and marks a compared run SUCCEEDED and moves the comparison on to VIEW_REPORTS when it was at COMPARE
 * or earlier. A run stopped at the discrepancy limit (already FAILED, e-mail sent) or superseded
 * by a newer run changes nothing. Idempotent: the handed-over writes are puts of fixed ids, and a
 * second call finds the run no longer RUNNING.
 */
export const handler = instrumented('pipeline/notify', async function handler(event: ComparedRun, context?: Context): Promise<ComparedRun> {
  const started = Date.now();
  if (event.outcome !== 'COMPARED' || event.superseded) return event;
  const comparison = await readComparison(event);
  if (!comparison || comparison.run_id !== event.run_id || comparison.status !== 'RUNNING') return event;

  if (event.pending_key) {
    const rest = await readPending(event.pending_key);
    const offset = event.pending_offset ?? 0;
    const total = event.pending_total ?? offset + rest.length;
    const progress = new ProgressReporter(event);
    const deadline = taskDeadline(started, context?.getRemainingTimeInMillis?.bind(context), 5_000, config.isLocal);
    const written = await writeAll(rest, (n) => progress.report('saving', offset + n, total), undefined, deadline);
    if (written < rest.length) {
      throw new PipelineError(
        TIME_LIMIT,
        `There were too many results to save in time (${total.toLocaleString('en-US')}). Lower the organization's discrepancy limit or split the files, then run the comparison again.`,
      );
    }
    if (!(await isCurrentRun(event))) return event;
    await deleteOtherResults(event);
    await deletePending(event.pending_key);
  }

  // The summary names the run whose results the lists show: it becomes visible with SUCCEEDED,
  // once every result of the run is written and the previous ones are gone.
  const summary = await readSummary(event);
  const moveOn = stepNumber(comparison.step) <= stepNumber('COMPARE');
  const done = await patchForRun(
    event,
    { status: 'SUCCEEDED', ...(summary ? { summary } : {}), ...(moveOn ? { step: 'VIEW_REPORTS' } : {}) },
    { whenStatus: 'RUNNING', remove: ['status_reason', 'progress'] },
  );
  if (done) logger.info('comparison run succeeded', { comparison_id: event.comparison_id, run_id: event.run_id, step: moveOn ? 'VIEW_REPORTS' : comparison.step });
  return event;
});
