import { failureReason } from '../lib/compare-runs/failure';
import { patchForRun } from '../lib/compare-runs/comparison-state';
import { deleteRunResults } from '../lib/compare-runs/results-store';
import { deleteShards } from '../lib/compare-runs/shard-files';
import type { FailedRun } from '../lib/compare-runs/types';
import { logger } from '../lib/observability/logger';
import { instrumented } from '../lib/observability/instrumented';

/**
 * RecordComparisonFailure: the Catch of every step lands here with `$.error` = { Error, Cause }.
 * Marks the run FAILED with a reason a user can read (never a stack trace or a cell value). Only
 * the comparison's current run, and only while it is RUNNING, so a retry or a late failure of a
 * superseded run changes nothing.
 */
export const handler = instrumented('pipeline/record-failure', async function handler(event: FailedRun): Promise<FailedRun> {
  const reason = failureReason(event.error);
  const recorded = await patchForRun(event, { status: 'FAILED', status_reason: reason }, { whenStatus: 'RUNNING', remove: ['progress'] });
  // What the run saved of its own results goes (the lists never show it: its summary was not
  // published), so exports and counts read only the previous, whole results.
  const removed = recorded ? await deleteRunResults(event) : 0;
  // A split run's shard parts and findings in S3 are of no use once it failed.
  if (event.shard_count) await deleteShards(event);
  logger.warn('comparison run failed', {
    comparison_id: event.comparison_id,
    run_id: event.run_id,
    error: event.error?.Error,
    recorded,
    removed,
  });
  return event;
});
