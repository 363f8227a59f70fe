import { stepNumber } from '../../shared/comparisons';
import { patchForRun, readComparison } from '../lib/compare/comparison-state';
import type { ComparedRun } from '../lib/compare/types';
import { log } from '../lib/log';

/**
 * NotifyComparison: marks a compared run SUCCEEDED and moves the comparison on to VIEW_REPORTS
 * when it was at COMPARE or earlier. A run stopped at the discrepancy limit (already FAILED, e-mail
 * sent) or superseded by a newer run changes nothing. Idempotent: a second call finds the run
 * no longer RUNNING.
 */
export async function handler(event: ComparedRun): Promise<ComparedRun> {
  if (event.outcome !== 'COMPARED' || event.superseded) return event;
  const comparison = await readComparison(event);
  if (!comparison || comparison.run_id !== event.run_id || comparison.status !== 'RUNNING') return event;
  const moveOn = stepNumber(comparison.step) <= stepNumber('COMPARE');
  const done = await patchForRun(
    event,
    { status: 'SUCCEEDED', ...(moveOn ? { step: 'VIEW_REPORTS' } : {}) },
    { whenStatus: 'RUNNING', remove: ['status_reason', 'progress'] },
  );
  if (done) log.info('comparison run succeeded', { comparison_id: event.comparison_id, run_id: event.run_id, step: moveOn ? 'VIEW_REPORTS' : comparison.step });
  return event;
}
