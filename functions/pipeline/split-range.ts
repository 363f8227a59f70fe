import { splitOneRange } from '../lib/compare-runs/sharded-run';
import type { RangeTask } from '../lib/compare-runs/types';
import { instrumented } from '../lib/observability/instrumented';

/** SplitRange: one range of one parsed file cut into the run's shards; one item of the split Map. */
export const handler = instrumented('pipeline/split-range', async function handler(event: RangeTask): Promise<{ side: string; range: number; rows: number }> {
  return splitOneRange(event);
});
