import { compareOneShard } from '../lib/compare-runs/sharded-run';
import type { ShardTask } from '../lib/compare-runs/types';
import { instrumented } from '../lib/observability/instrumented';

/** CompareShard: one shard of a split comparison through the engine; one Map item. */
export const handler = instrumented('pipeline/compare-shard', async function handler(event: ShardTask): Promise<{ shard: number; findings: number }> {
  return compareOneShard(event);
});
