import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { compareTablesSync } from './compare-tables';
import type { CompareConfig } from './types';

// The committed generated pair (test/fixtures/small): every injected difference, and nothing else.
const dir = path.resolve(import.meta.dirname, '../../test/fixtures/small');
const readCsv = (name: string) => {
  const [columns, ...rows] = parse(readFileSync(path.join(dir, name), 'utf8')) as string[][];
  return { columns: columns!, rows };
};
const json = <T>(name: string) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as T;

describe('the small generated fixture', () => {
  it('reports exactly the ground truth, matched on kind, key and column', () => {
    const config = json<CompareConfig>('config.json');
    const truth = json<{ differences: Array<{ kind: string; key: string; column: string | null }> }>('truth.json');
    const columnOf = new Map(config.data_points.map((d) => [d.id, d.baseline_column_name]));

    const result = compareTablesSync(readCsv('baseline.csv'), readCsv('secondary.csv'), config);

    const reported = [
      ...result.discrepancies.map((d) => `${d.suggested_type}|${d.unique_identifier}|${columnOf.get(d.data_point_id)}`),
      ...result.missing.map((m) => `${m.kind}|${m.unique_identifier}|null`),
    ].sort();
    const expected = truth.differences.map((d) => `${d.kind}|${d.key}|${d.column}`).sort();
    expect(reported).toEqual(expected);
    expect(new Set(truth.differences.map((d) => d.kind)).size).toBe(12);
  });
});
