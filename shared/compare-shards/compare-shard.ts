import { ComparisonRun } from '../compare/comparison-run';
import { compareConfigSchema, type CompareConfig, type ComparisonResult, type MissingDiscrepancyRecord, type Row } from '../compare/types';
import type { ShardSamples } from './shard-key';

/**
 * A shard's row is the file's row with its row number in the whole file appended after the last
 * column: the engine reads cells by column position, so the extra cell is never compared, and the
 * findings can name the rows of the whole file again.
 */
export const withRowIndex = (row: Row, columnCount: number, index: number): Row => {
  const out = row.slice(0, columnCount);
  while (out.length < columnCount) out.push('');
  out.push(index);
  return out;
};

const rowIndexOf = (row: Row, columnCount: number): number => {
  const index = row[columnCount];
  if (typeof index !== 'number') throw new Error('A shard row carries no row number after its columns');
  return index;
};

/** Rewrites a shard's findings, numbered within the shard, with the rows' numbers in the whole files. */
function toFileIndices(result: ComparisonResult, baseline: readonly number[], secondary: readonly number[]): ComparisonResult {
  const b = (i: number) => baseline[i]!;
  const s = (i: number) => secondary[i]!;
  const bOrNull = (i: number | null) => (i === null ? null : b(i));
  const sOrNull = (i: number | null) => (i === null ? null : s(i));
  const missing = (m: MissingDiscrepancyRecord): MissingDiscrepancyRecord => ({
    ...m,
    baseline_row_index: bOrNull(m.baseline_row_index),
    secondary_row_index: sOrNull(m.secondary_row_index),
    duplicate_identifier_row_index:
      m.duplicate_identifier_row_index === null ? null : m.duplicate_side === 'BASELINE' ? b(m.duplicate_identifier_row_index) : s(m.duplicate_identifier_row_index),
  });
  return {
    ...result,
    discrepancies: result.discrepancies.map((d) => ({ ...d, baseline_row_index: b(d.baseline_row_index), secondary_row_index: s(d.secondary_row_index) })),
    missing: result.missing.map(missing),
    blank_identifiers: { baseline: result.blank_identifiers.baseline.map(b), secondary: result.blank_identifiers.secondary.map(s) },
  };
}

/**
 * Compares one shard: the engine's run, set up with the samples of the whole files (so kinds and
 * date formats are read as in an unsharded run), fed the shard's rows. The baseline is read first,
 * then the secondary rows stream through, as in compareTables.
 */
export async function compareShard(
  config: CompareConfig,
  columns: { baseline: readonly string[]; secondary: readonly string[] },
  samples: ShardSamples,
  baselineRows: AsyncIterable<Row> | Iterable<Row>,
  secondaryRows: AsyncIterable<Row> | Iterable<Row>,
): Promise<ComparisonResult> {
  const run = new ComparisonRun(compareConfigSchema.parse(config), columns.baseline, columns.secondary, samples.baseline, samples.secondary);
  const baselineIndex: number[] = [];
  const secondaryIndex: number[] = [];
  const nb = columns.baseline.length;
  const ns = columns.secondary.length;
  for await (const row of baselineRows) {
    baselineIndex.push(rowIndexOf(row, nb));
    run.addBaseline(row);
  }
  run.endBaseline();
  for await (const row of secondaryRows) {
    secondaryIndex.push(rowIndexOf(row, ns));
    run.addSecondary(row);
  }
  return toFileIndices(run.finish(), baselineIndex, secondaryIndex);
}
