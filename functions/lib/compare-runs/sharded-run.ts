import { SAMPLE_ROWS } from '../../../shared/compare/compare-tables';
import type { Row } from '../../../shared/compare';
import { compareShard, withRowIndex } from '../../../shared/compare-shards/compare-shard';
import { mergeShardResults } from '../../../shared/compare-shards/merge-shards';
import { shardKeys } from '../../../shared/compare-shards/shard-key';
import { partRanges } from '../../../shared/compare-shards/shard-plan';
import { openParsedRows, readPartRows } from '../files';
import { logger } from '../observability/logger';
import { openObject } from '../storage/objects';
import { readConfigSnapshot } from './config';
import { ProgressReporter } from './comparison-state';
import { runToCompare, saveRunResult, type RunOptions } from './run-comparison';
import { config } from '../config';
import {
  deleteShards,
  readShardResult,
  readStoredParts,
  readWholeFiles,
  shardRows,
  shardWriters,
  storeShardResult,
  storeWholeFiles,
  type Side,
} from './shard-files';
import { PipelineError, type ComparedRun, type PreparedRun, type RangeTask, type RunFileRef, type ShardedRun, type ShardTask, type SplitRange } from './types';

/**
 * A comparison too large for one task, split by key (docs/scale.md): SplitComparison plans the
 * split (ranges of each parsed file), a first Map cuts each range into shards by a hash of the
 * identifier (SplitRange), a second compares each shard on its own (CompareShard), and MergeShards
 * joins their findings into the one run the lists show, then saves it as an unsharded run saves
 * its own. Every identifier lives in one shard, so duplicates and missing rows never span shards.
 */

async function openSide(file: RunFileRef) {
  const object = await openObject(file.parsed_key);
  if (!object) throw new PipelineError('ParsedRowsFormatError', `The rows of ${file.name} are missing from storage. Import the file again.`);
  return openParsedRows(object.body);
}

/** The columns and first rows of a file: the header, then the sample, then the object is closed. */
async function headAndSample(file: RunFileRef): Promise<{ columns: string[]; sample: Row[] }> {
  const opened = await openSide(file);
  const sample: Row[] = [];
  try {
    while (sample.length < SAMPLE_ROWS) {
      const next = await opened.rows.next();
      if (next.done) break;
      sample.push(next.value);
    }
  } finally {
    await opened.rows.return();
  }
  return { columns: opened.header.columns, sample };
}

/** A side's ranges: consecutive stored parts of about `splitChars` each, or the whole object when its rows have no parts. */
async function rangesOf(side: Side, file: RunFileRef): Promise<SplitRange[]> {
  const parts = await readStoredParts(file.parsed_key);
  if (!parts) return [{ side, index: 0, first_row: 0 }];
  return partRanges(parts, config.splitChars).map((r, index) => ({ side, index, start: r.start, end: r.end, first_row: r.first_row }));
}

/**
 * SplitComparison: the plan of the split. Stores what every task needs of the whole files (their
 * columns and samples: the engine's kinds and date formats come from them), and answers the
 * ranges of each file the split Map cuts in parallel, then the shard numbers the compare Map runs.
 */
export async function splitRun(event: PreparedRun): Promise<ShardedRun> {
  const compare_started_at = Date.now();
  const state = await runToCompare(event);
  // A run with nothing left to do maps nothing; the merge then reports what the compare would.
  if (state.done) return { ...event, split_ranges: [], shard_ids: [], compare_started_at };
  const { run } = state;
  const count = event.shard_count ?? 0;
  if (!Number.isInteger(count) || count < 1) throw new Error(`A sharded run needs a shard count, not ${event.shard_count}`);
  const [baseline, secondary] = await Promise.all([headAndSample(event.baseline), headAndSample(event.secondary)]);
  await storeWholeFiles(run, { columns: { baseline: baseline.columns, secondary: secondary.columns }, samples: { baseline: baseline.sample, secondary: secondary.sample } });
  const split_ranges = [...(await rangesOf('baseline', event.baseline)), ...(await rangesOf('secondary', event.secondary))];
  logger.info('comparison run split planned', { comparison_id: run.comparison_id, run_id: run.run_id, shards: count, ranges: split_ranges.length });
  return { ...event, split_ranges, shard_ids: Array.from({ length: count }, (_, i) => i), compare_started_at };
}

/** The rows of one range of a file, in file order. */
async function rangeRows(file: RunFileRef, range: SplitRange): Promise<AsyncGenerator<Row, void, undefined>> {
  if (range.start === undefined || range.end === undefined) return (await openSide(file)).rows;
  const object = await openObject(file.parsed_key, { start: range.start, end: range.end });
  if (!object) throw new PipelineError('ParsedRowsFormatError', `The rows of ${file.name} are missing from storage. Import the file again.`);
  return readPartRows(object.body);
}

/** SplitRange: one range of one file cut into the run's shards, one part per shard in S3; one item of the split Map. */
export async function splitOneRange({ run: event, range }: RangeTask): Promise<{ side: string; range: number; rows: number }> {
  const started = Date.now();
  const state = await runToCompare(event);
  if (state.done) return { side: range.side, range: range.index, rows: 0 };
  const { run } = state;
  const ranges = event.split_ranges.length;
  // A sign of life while the ranges are cut (a run silent for longer than a task may run reads as interrupted).
  const at = event.split_ranges.findIndex((r) => r.side === range.side && r.index === range.index);
  await new ProgressReporter(run).report('loading', at + 1, ranges, true);
  const [snapshot, whole] = await Promise.all([readConfigSnapshot(event.config_key), readWholeFiles(run)]);
  const count = event.shard_ids.length;
  const key = shardKeys(snapshot.config, whole.columns, whole.samples, count)[range.side];
  const columns = whole.columns[range.side];
  const n = columns.length;
  const writers = shardWriters(run, range.side, range.index, columns, count);
  const rows = await rangeRows(event[range.side], range);
  let index = range.first_row;
  try {
    for await (const row of rows) await writers.add(key(row), withRowIndex(row, n, index++));
    await writers.close();
  } catch (error) {
    writers.abort();
    await rows.return();
    throw error;
  }
  const sizes = writers.rows();
  logger.info('comparison range split', {
    comparison_id: run.comparison_id,
    run_id: run.run_id,
    side: range.side,
    range: range.index,
    rows: index - range.first_row,
    largest_shard_part: Math.max(...sizes),
    split_ms: Date.now() - started,
  });
  return { side: range.side, range: range.index, rows: index - range.first_row };
}

/** CompareShard: one shard through the engine, its findings (rows of the whole files) to S3. */
export async function compareOneShard({ run: event, shard }: ShardTask): Promise<{ shard: number; findings: number }> {
  const state = await runToCompare(event);
  if (state.done) return { shard, findings: 0 };
  const { run } = state;
  // A sign of life while the shards run (a run silent for longer than a task may run reads as interrupted).
  await new ProgressReporter(run).report('matching', shard, event.shard_ids.length, true);
  const [snapshot, whole] = await Promise.all([readConfigSnapshot(event.config_key), readWholeFiles(run)]);
  const rangesOf = (side: Side) => event.split_ranges.filter((r) => r.side === side).length;
  const baseline = shardRows(run, 'baseline', rangesOf('baseline'), shard);
  const secondary = shardRows(run, 'secondary', rangesOf('secondary'), shard);
  try {
    const result = await compareShard(snapshot.config, whole.columns, whole.samples, baseline, secondary);
    await storeShardResult(run, shard, result);
    return { shard, findings: result.discrepancies.length + result.missing.length };
  } finally {
    await Promise.allSettled([baseline.return(), secondary.return()]);
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
  // The run is saved: objects left behind go with the comparison, never with its results.
  await deleteShards(run).catch((error: unknown) =>
    logger.warn('shard objects not deleted', { comparison_id: run.comparison_id, run_id: run.run_id, error: (error as Error).name }),
  );
  return saved;
}
