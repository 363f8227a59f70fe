import type { Context } from 'aws-lambda';
import { mergeShards } from '../lib/compare-runs/sharded-run';
import type { ComparedRun, ShardedRun } from '../lib/compare-runs/types';
import { instrumented } from '../lib/observability/instrumented';

/**
 * MergeShards: the shards' findings joined into the run's and saved as RunComparison saves them
 * (what does not fit in the task's time is handed to Notify).
 */
export const handler = instrumented('pipeline/merge-shards', async function handler(event: ShardedRun, context?: Context): Promise<ComparedRun> {
  const remaining = context?.getRemainingTimeInMillis?.bind(context);
  return mergeShards(event, remaining ? { remainingMs: remaining } : {});
});
