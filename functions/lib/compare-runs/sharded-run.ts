import { SAMPLE_ROWS } from '../../../shared/compare/compare-tables';
import type { Row } from '../../../shared/compare';
import { compareShard, withRowIndex } from '../../../shared/compare-shards/compare-shard';
import { mergeShardResults } from '../../../shared/compare-shards/merge-shards';
import { shardKeys } from '../../../shared/compare-shards/shard-key';
import { openParsedRows } from '../files';
import { logger } from '../observability/logger';
import { openObject } from '../storage/objects';
import { readConfigSnapshot } from './config';
import { ProgressReporter } from './comparison-state';
import { runToCompare, saveRunResult, type RunOptions } from './run-comparison';
import {
  deleteShards,
  openShardRows,
  readShardResult,
  readWholeFiles,
  shardWriters,
  storeShardResult,
  storeWholeFiles,
  type Side,
} from './shard-files';
import { PipelineError, type ComparedRun, type PreparedRun, type RunFileRef, type ShardedRun, type ShardTask } from './types';

/**
 * A comparison too large for one task, split by key (docs/scale.md): SplitComparison cuts both
 * parsed files into shards by a hash of the identifier, the Map compares each shard on its own
 * (CompareShard), and MergeShards joins their findings into the one run the lists show, then
 * saves it as an unsharded run saves its own. Every identifier lives in one shard, so duplicates
 * and missing rows never span shards.
 */

async function openSide(file: RunFileRef) {
  const object = await openObject(file.parsed_key);
  if (!object) throw new PipelineError('ParsedRowsFormatError', `The rows of ${file.name} are missing from storage. Import the file again.`);
  return openParsedRows(object.body);
}

async function takeRows(rows: AsyncIterator<Row>, n: number): Promise<Row[]> {
  const out: Row[] = [];
  while (out.length < n) {
    const next = await rows.next();
    if (next.done) break;
    out.push(next.value);
  }
  return out;
}

/** SplitComparison: both files cut into `shard_count` shards in S3; answers the shard numbers. */
export async function splitRun(event: PreparedRun): Promise<ShardedRun> {
  const compare_started_at = Date.now();
  const state = await runToCompare(event);
  // A run with nothing left to do maps no shard; the merge then reports what the compare would.
  if (state.done) return { ...event, shard_ids: [], compare_started_at };
  const { run } = state;
  const count = event.shard_count ?? 0;
  if (!Number.isInteger(count) || count < 1) throw new Error(`A sharded run needs a shard count, not ${event.shard_count}`);

  const progress = new ProgressReporter(run);
  const snapshot = await readConfigSnapshot(event.config_key);
  const [baseline, secondary] = await Promise.all([openSide(event.baseline), openSide(event.secondary)]);
  const columns = { baseline: baseline.header.columns, secondary: secondary.header.columns };
  const sides: Array<{ side: Side; opened: typeof baseline; file: RunFileRef }> = [
    { side: 'baseline', opened: baseline, file: event.baseline },
    { side: 'secondary', opened: secondary, file: event.secondary },
  ];
  const samples = { baseline: await takeRows(baseline.rows, SAMPLE_ROWS), secondary: await takeRows(secondary.rows, SAMPLE_ROWS) };
  const keys = shardKeys(snapshot.config, columns, samples, count);
  await storeWholeFiles(run, { columns, samples });

  let read = 0;
  const cut = async ({ side, opened }: (typeof sides)[number]) => {
    const n = columns[side].length;
    const key = keys[side];
    const writers = shardWriters(run, side, columns[side], count);
    let index = 0;
    const route = async (row: Row) => {
      await writers.add(key(row), withRowIndex(row, n, index++));
      if ((++read & 4095) === 0) await progress.report('loading', read, (event.baseline.row_count ?? 0) + (event.secondary.row_count ?? 0));
    };
    try {
      for (const row of samples[side]) await route(row);
      for await (const row of opened.rows) await route(row);
      await writers.close();
    } catch (error) {
      writers.abort();
      throw error;
    }
    return writers.rows();
  };
  // One side after the other: each holds `count` uploads open, and the two together would double that.
  const sizes: Record<string, number[]> = {};
  for (const s of sides) sizes[s.side] = await cut(s);
  logger.info('comparison run split', {
    comparison_id: run.comparison_id,
    run_id: run.run_id,
    shards: count,
    largest_baseline_shard: Math.max(...sizes.baseline!),
    largest_secondary_shard: Math.max(...sizes.secondary!),
    split_ms: Date.now() - compare_started_at,
  });
  return { ...event, shard_ids: Array.from({ length: count }, (_, i) => i), compare_started_at };
}

/** CompareShard: one shard through the engine, its findings (rows of the whole files) to S3. */
export async function compareOneShard({ run: event, shard }: ShardTask): Promise<{ shard: number; findings: number }> {
  const state = await runToCompare(event);
  if (state.done) return { shard, findings: 0 };
  const { run } = state;
  // A sign of life while the shards run (a run silent for longer than a task may run reads as interrupted).
  await new ProgressReporter(run).report('matching', shard, event.shard_ids.length, true);
  const [snapshot, whole] = await Promise.all([readConfigSnapshot(event.config_key), readWholeFiles(run)]);
  const [baseline, secondary] = await Promise.all([openShardRows(run, 'baseline', shard), openShardRows(run, 'secondary', shard)]);
  try {
    const result = await compareShard(snapshot.config, whole.columns, whole.samples, baseline.rows, secondary.rows);
    await storeShardResult(run, shard, result);
    return { shard, findings: result.discrepancies.length + result.missing.length };
  } finally {
    await Promise.allSettled([baseline.rows.return(), secondary.rows.return()]);
  }
}

/** MergeShards: the shards' findings as one run's, saved as an unsharded run saves them. */
export async function mergeShards(event: ShardedRun, options: RunOptions = {}): Promise<ComparedRun> {
  const started = Date.now();
  const state = await runToCompare(event);
  if (state.done) return state.done;
  const { run, comparison } = state;
  const snapshot = await readConfigSnapshot(event.config_key);
  const results = [];
  for (const shard of event.shard_ids) results.push(await readShardResult(run, shard));
  const result = mergeShardResults(results);
  const progress = new ProgressReporter(run, options.progressEveryMs);
  const saved = await saveRunResult({ event, run, comparison, snapshot, result, started, compareStarted: event.compare_started_at, progress }, options);
  await deleteShards(run);
  return saved;
}
