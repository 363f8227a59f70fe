import { splitRun } from '../lib/compare-runs/sharded-run';
import type { PreparedRun, ShardedRun } from '../lib/compare-runs/types';
import { instrumented } from '../lib/observability/instrumented';

/** SplitComparison: the plan of the split, the ranges of both parsed files the split Map cuts into shards (functions/lib/compare-runs/sharded-run.ts). */
export const handler = instrumented('pipeline/split', async function handler(event: PreparedRun): Promise<ShardedRun> {
  return splitRun(event);
});
