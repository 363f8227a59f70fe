import { describe, expect, it } from 'vitest';
import { generatePair } from '../../test/fixtures/generator/generate';
import { compareTablesSync, SAMPLE_ROWS } from '../compare/compare-tables';
import type { CompareConfig, Row } from '../compare/types';
import { compareShard, withRowIndex } from './compare-shard';
import { mergeShardResults } from './merge-shards';
import { shardKeys } from './shard-key';
import { partRanges } from './shard-plan';

/** Cuts both files into `count` shards as the splitter does, compares each, and merges. */
async function sharded(baseline: { columns: string[]; rows: Row[] }, secondary: { columns: string[]; rows: Row[] }, config: CompareConfig, count: number) {
  const columns = { baseline: baseline.columns, secondary: secondary.columns };
  const samples = { baseline: baseline.rows.slice(0, SAMPLE_ROWS), secondary: secondary.rows.slice(0, SAMPLE_ROWS) };
  const keys = shardKeys(config, columns, samples, count);
  const cut = (rows: Row[], n: number, key: (row: Row) => number) => {
    const shards: Row[][] = Array.from({ length: count }, () => []);
    rows.forEach((row, i) => shards[key(row)]!.push(withRowIndex(row, n, i)));
    return shards;
  };
  const b = cut(baseline.rows, baseline.columns.length, keys.baseline);
  const s = cut(secondary.rows, secondary.columns.length, keys.secondary);
  const results = await Promise.all(b.map((rows, i) => compareShard(config, columns, samples, rows, s[i]!)));
  return { merged: mergeShardResults(results), sizes: b.map((rows) => rows.length) };
}

describe('a sharded comparison', () => {
  const pair = generatePair({ rows: 6_000, seed: 'shards', errorRate: 0.08 });
  const baseline = { columns: pair.baseline.columns, rows: [...pair.baseline.rows] as Row[] };
  const secondary = { columns: pair.secondary.columns, rows: [...pair.secondary.rows] as Row[] };
  // Duplicates on both sides and blank identifiers, spread over the files.
  baseline.rows.push(baseline.rows[10]!, baseline.rows[4_000]!);
  secondary.rows.push(secondary.rows[20]!, secondary.rows[3_000]!, secondary.rows[3_000]!);
  const ssn = (columns: string[]) => columns.findIndex((c) => /ssn/i.test(c));
  baseline.rows.splice(2_500, 0, baseline.rows[7]!.map((c, i) => (i === ssn(baseline.columns) ? '' : c)));
  secondary.rows.splice(1_500, 0, secondary.rows[9]!.map((c, i) => (i === ssn(secondary.columns) ? '' : c)));

  it('finds exactly what the unsharded run finds, in the same order, with the same counts', async () => {
    const whole = compareTablesSync(baseline, secondary, pair.config);
    expect(whole.discrepancies.length).toBeGreaterThan(300);
    expect(whole.summary.duplicates_in_baseline).toBeGreaterThan(0);
    expect(whole.summary.duplicates_in_secondary).toBeGreaterThan(0);
    expect(whole.summary.missing_in_secondary + whole.summary.missing_in_baseline).toBeGreaterThan(0);
    for (const count of [1, 3, 8]) {
      const { merged, sizes } = await sharded(baseline, secondary, pair.config, count);
      expect(sizes.every((n) => n > 0)).toBe(true);
      expect(merged).toEqual(whole);
    }
  });

  it('puts every row the engine would join into one shard', () => {
    const columns = { baseline: baseline.columns, secondary: secondary.columns };
    const samples = { baseline: baseline.rows.slice(0, SAMPLE_ROWS), secondary: secondary.rows.slice(0, SAMPLE_ROWS) };
    const keys = shardKeys(pair.config, columns, samples, 8);
    const whole = compareTablesSync(baseline, secondary, pair.config);
    for (const d of whole.discrepancies) {
      expect(keys.baseline(baseline.rows[d.baseline_row_index]!)).toBe(keys.secondary(secondary.rows[d.secondary_row_index]!));
    }
  });
});

describe('the ranges a file is split by', () => {
  const parts = (chars: number[]) => {
    let start = 10;
    let row = 0;
    return chars.map((c) => {
      const part = { start, end: start + c / 4, first_row: row, rows: c / 100, chars: c };
      start = part.end;
      row += part.rows;
      return part;
    });
  };

  it('cuts whole consecutive parts into ranges of about the given size, covering the file once', () => {
    const stored = parts(Array.from({ length: 21 }, () => 1_000));
    const ranges = partRanges(stored, 5_000);

    expect(ranges).toHaveLength(5);
    expect(ranges[0]).toMatchObject({ start: 10, first_row: 0 });
    expect(ranges.at(-1)!.end).toBe(stored.at(-1)!.end);
    for (let i = 1; i < ranges.length; i++) {
      expect(ranges[i]!.start).toBe(ranges[i - 1]!.end);
      expect(ranges[i]!.first_row).toBe(ranges[i - 1]!.first_row + ranges[i - 1]!.rows);
    }
    // As even as whole parts allow: 21 parts in 5 ranges of 4 or 5.
    expect(ranges.map((r) => r.rows / 10).sort()).toEqual([4, 4, 4, 4, 5]);
  });

  it('keeps a small file in one range and never divides a part', () => {
    expect(partRanges(parts([300, 200]), 5_000)).toEqual([{ start: 10, end: 135, first_row: 0, rows: 5 }]);
    expect(partRanges(parts([9_000, 9_000]), 1_000)).toHaveLength(2);
    expect(partRanges([], 1_000)).toEqual([]);
  });
});
