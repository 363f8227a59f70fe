/**
 * When an audit is split by key, and into how many shards. One compare task holds its baseline in
 * memory (~1.9 GB per million rows) and must finish in Lambda's 15 minutes: a file pair whose
 * larger file has more rows than the threshold is cut so each shard holds about `rowsPerShard`
 * rows of it (docs/scale.md has the arithmetic).
 */
export const SHARD_THRESHOLD_ROWS = 2_000_000;
export const ROWS_PER_SHARD = 1_000_000;
/** Rows are spread by a hash, not evenly: beyond this the shards stay larger rather than more. */
export const MAX_SHARDS = 200;

export interface ShardPlanLimits {
  thresholdRows: number;
  rowsPerShard: number;
  maxShards?: number;
}

/** 0 when the pair runs whole; otherwise the number of shards (at least 2). */
export function shardCount(rows: { baseline: number | null; secondary: number | null }, limits: ShardPlanLimits): number {
  if (rows.baseline === null || rows.secondary === null) return 0;
  const larger = Math.max(rows.baseline, rows.secondary);
  if (larger <= limits.thresholdRows) return 0;
  return Math.min(limits.maxShards ?? MAX_SHARDS, Math.max(2, Math.ceil(larger / limits.rowsPerShard)));
}
