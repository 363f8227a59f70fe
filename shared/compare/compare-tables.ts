import { ComparisonRun } from './comparison-run';
import { openRows, openRowsSync, takeSample, takeSampleSync, unpackRow } from './rows';
import { compareConfigSchema, type CompareConfig, type ComparisonResult, type PackedRows, type Row, type SyncTable, type Table } from './types';

/** Rows read ahead from each side to infer value kinds and date formats before the real pass. */
export const SAMPLE_ROWS = 2000;

/**
 * Compares a baseline and a secondary table. Either side's rows may be an async iterable (a parser
 * stream): the baseline is read completely first, the secondary side streams through.
 */
export async function compareTables(baseline: Table, secondary: Table, config: CompareConfig): Promise<ComparisonResult> {
  const parsed = compareConfigSchema.parse(config);
  if (baseline.packed && secondary.packed) return comparePacked(baseline, secondary, baseline.packed, secondary.packed, parsed);
  if (baseline.batches && secondary.batches) return compareBatches(baseline, secondary, baseline.batches, secondary.batches, parsed);
  const baseIt = openRows(baseline);
  const secIt = openRows(secondary);
  const baseSample = await takeSample(baseIt, SAMPLE_ROWS);
  const secSample = await takeSample(secIt, SAMPLE_ROWS);
  const run = new ComparisonRun(parsed, baseline.columns, secondary.columns, baseSample.rows, secSample.rows);
  for (const row of baseSample.rows) run.addBaseline(row);
  if (!baseSample.done) for (let r = await baseIt.next(); !r.done; r = await baseIt.next()) run.addBaseline(r.value);
  run.endBaseline();
  for (const row of secSample.rows) run.addSecondary(row);
  if (!secSample.done) for (let r = await secIt.next(); !r.done; r = await secIt.next()) run.addSecondary(r.value);
  return run.finish();
}

/** The same comparison over in-memory (synchronous) rows, without awaiting per row. */
export function compareTablesSync(baseline: SyncTable, secondary: SyncTable, config: CompareConfig): ComparisonResult {
  const parsed = compareConfigSchema.parse(config);
  if (Array.isArray(baseline.rows) && Array.isArray(secondary.rows)) return compareArrays(baseline, secondary, baseline.rows, secondary.rows, parsed);
  const baseIt = openRowsSync(baseline);
  const secIt = openRowsSync(secondary);
  const baseSample = takeSampleSync(baseIt, SAMPLE_ROWS);
  const secSample = takeSampleSync(secIt, SAMPLE_ROWS);
  const run = new ComparisonRun(parsed, baseline.columns, secondary.columns, baseSample.rows, secSample.rows);
  for (const row of baseSample.rows) run.addBaseline(row);
  if (!baseSample.done) for (let r = baseIt.next(); !r.done; r = baseIt.next()) run.addBaseline(r.value);
  run.endBaseline();
  for (const row of secSample.rows) run.addSecondary(row);
  if (!secSample.done) for (let r = secIt.next(); !r.done; r = secIt.next()) run.addSecondary(r.value);
  return run.finish();
}

/** In-memory rows by index: no iterator result object per row. */
function compareArrays(baseline: Table, secondary: Table, baseRows: readonly Row[], secRows: readonly Row[], config: CompareConfig): ComparisonResult {
  const run = new ComparisonRun(config, baseline.columns, secondary.columns, baseRows.slice(0, SAMPLE_ROWS), secRows.slice(0, SAMPLE_ROWS));
  for (let i = 0; i < baseRows.length; i++) run.addBaseline(baseRows[i]!);
  run.endBaseline();
  for (let i = 0; i < secRows.length; i++) run.addSecondary(secRows[i]!);
  return run.finish();
}

/** Whole batches read until `size` rows are in hand (or the rows end); the rest stays unread. */
async function takeBatches(it: AsyncIterator<readonly Row[]>, size: number): Promise<{ batches: (readonly Row[])[]; sample: Row[] }> {
  const batches: (readonly Row[])[] = [];
  const sample: Row[] = [];
  while (sample.length < size) {
    const next = await it.next();
    if (next.done) break;
    batches.push(next.value);
    for (let i = 0; i < next.value.length && sample.length < size; i++) sample.push(next.value[i]!);
  }
  return { batches, sample };
}

/** The same comparison over rows handed over in batches: one await per batch, a plain loop per row. */
async function compareBatches(
  baseline: Table,
  secondary: Table,
  baseBatches: AsyncIterable<readonly Row[]>,
  secBatches: AsyncIterable<readonly Row[]>,
  config: CompareConfig,
): Promise<ComparisonResult> {
  const baseIt = baseBatches[Symbol.asyncIterator]();
  const secIt = secBatches[Symbol.asyncIterator]();
  const base = await takeBatches(baseIt, SAMPLE_ROWS);
  const sec = await takeBatches(secIt, SAMPLE_ROWS);
  const run = new ComparisonRun(config, baseline.columns, secondary.columns, base.sample, sec.sample);
  const feed = async (first: (readonly Row[])[], it: AsyncIterator<readonly Row[]>, add: (row: Row) => void) => {
    for (const batch of first) for (let i = 0; i < batch.length; i++) add(batch[i]!);
    for (let r = await it.next(); !r.done; r = await it.next()) {
      const batch = r.value;
      for (let i = 0; i < batch.length; i++) add(batch[i]!);
    }
  };
  await feed(base.batches, baseIt, (row) => run.addBaseline(row));
  run.endBaseline();
  await feed(sec.batches, secIt, (row) => run.addSecondary(row));
  return run.finish();
}

/** Whole packed batches read until `size` rows are in hand (or the rows end), and those rows cut out. */
async function takePacked(it: AsyncIterator<PackedRows>, width: number, size: number): Promise<{ batches: PackedRows[]; sample: Row[] }> {
  const batches: PackedRows[] = [];
  const sample: Row[] = [];
  while (sample.length < size) {
    const next = await it.next();
    if (next.done) break;
    batches.push(next.value);
    for (let r = 0; r < next.value.count && sample.length < size; r++) sample.push(unpackRow(next.value, r, width));
  }
  return { batches, sample };
}

/** The same comparison over packed batches: only the cells the comparison reads are cut out. */
async function comparePacked(
  baseline: Table,
  secondary: Table,
  basePacked: AsyncIterable<PackedRows>,
  secPacked: AsyncIterable<PackedRows>,
  config: CompareConfig,
): Promise<ComparisonResult> {
  const baseIt = basePacked[Symbol.asyncIterator]();
  const secIt = secPacked[Symbol.asyncIterator]();
  const base = await takePacked(baseIt, baseline.columns.length, SAMPLE_ROWS);
  const sec = await takePacked(secIt, secondary.columns.length, SAMPLE_ROWS);
  const run = new ComparisonRun(config, baseline.columns, secondary.columns, base.sample, sec.sample);
  const feed = async (first: PackedRows[], it: AsyncIterator<PackedRows>, add: (batch: PackedRows) => void) => {
    for (const batch of first) add(batch);
    for (let r = await it.next(); !r.done; r = await it.next()) add(r.value);
  };
  await feed(base.batches, baseIt, (batch) => run.addBaselinePacked(batch));
  run.endBaseline();
  await feed(sec.batches, secIt, (batch) => run.addSecondaryPacked(batch));
  return run.finish();
}
