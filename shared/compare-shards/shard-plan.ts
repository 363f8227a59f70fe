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

/**
 * Unzipped characters of parsed rows one split task reads and cuts into the shards. A task cut
 * 9–15 million characters a second on a loaded 2-core machine (docs/scale.md), so one of this size
 * takes about two minutes, well under Lambda's 15; a larger file gets more tasks, not longer ones.
 */
export const SPLIT_CHARS_PER_TASK = 1024 * 1024 * 1024;

/** One stored part of a file's parsed rows (functions/lib/files/parsed-rows.ts). */
export interface StoredPart {
  start: number;
  end: number;
  first_row: number;
  rows: number;
  chars: number;
}

/** A byte range of consecutive parts of one file, cut into the shards by one split task. */
export interface PartRange {
  start: number;
  end: number;
  first_row: number;
  rows: number;
}

/**
 * The file's parts in consecutive ranges of about `charsPerTask` each (a part is never divided;
 * a range holds at least one). Ranges as even as the parts allow: a file of 2.1 tasks' worth is
 * cut in three ranges of 0.7, not two full ones and a sliver.
 */
export function partRanges(parts: readonly StoredPart[], charsPerTask: number): PartRange[] {
  if (parts.length === 0) return [];
  const total = parts.reduce((n, p) => n + p.chars, 0);
  const count = Math.min(parts.length, Math.max(1, Math.ceil(total / charsPerTask)));
  const ranges: PartRange[] = [];
  let seen = 0;
  let current: PartRange | undefined;
  for (const part of parts) {
    // Close the range once it reaches its share of the whole (the last range takes what is left).
    if (current && ranges.length < count && seen >= (total * ranges.length) / count) current = undefined;
    if (!current) {
      current = { start: part.start, end: part.end, first_row: part.first_row, rows: 0 };
      ranges.push(current);
    }
    current.end = part.end;
    current.rows += part.rows;
    seen += part.chars;
  }
  return ranges;
}
