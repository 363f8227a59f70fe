import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CompareConfig } from '../../shared/compare';
import { resolveDataPoints, type Normalised } from '../../shared/compare/resolve-data-points';
import { cellText, rowText } from '../../shared/compare/rows';
import { loadDuckDb } from './duckdb-loader';

interface TableLike {
  columns: readonly string[];
  rows: readonly (readonly string[])[];
}

const csvField = (v: Normalised) => {
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/**
 * The same comparison done by DuckDB, for scale: both sides are normalised and mapped with the
 * engine's own normalisers, loaded as tables (not timed), and then the join-and-compare query is
 * timed: first row per key on each side, one output row per differing data point, rows only on one
 * side, repeated keys.
 */
export async function duckdbJoinAndCompare(baseline: TableLike, secondary: TableLike, config: CompareConfig, repeats = 3): Promise<{ loadMs: number; queryMs: number[]; discrepancies: number; missing: number; duplicates: number }> {
  const points = resolveDataPoints({
    dataPoints: config.data_points,
    baselineColumns: baseline.columns,
    secondaryColumns: secondary.columns,
    baselineSample: baseline.rows.slice(0, 2000).map(rowText),
    secondarySample: secondary.rows.slice(0, 2000).map(rowText),
  });
  const ids = points.filter((p) => p.isIdentifier);
  const compared = points.filter((p) => !p.isIdentifier);
  const dir = await mkdtemp(path.join(tmpdir(), 'dvp-duck-'));
  const numeric = compared.map(() => true);

  const normalise = (rows: readonly (readonly string[])[], side: 'b' | 's') => {
    const out: Normalised[][] = [];
    rows.forEach((row, rid) => {
      const parts = ids.map((p) => (side === 'b' ? p.normaliseBaseline(cellText(row, p.baselineIndex)) : p.normaliseSecondary(cellText(row, p.secondaryIndex))));
      const key = parts.some((x) => x === '') ? '' : parts.join('\u001f');
      const values = compared.map((p, i) => {
        const v = side === 'b' ? p.normaliseBaseline(cellText(row, p.baselineIndex)) : p.normaliseSecondary(cellText(row, p.secondaryIndex));
        if (typeof v === 'string' && v !== '') numeric[i] = false;
        return v;
      });
      out.push([rid, key, ...values]);
    });
    return out;
  };
  const b = normalise(baseline.rows, 'b');
  const s = normalise(secondary.rows, 's');
  const header = ['rid', 'k', ...compared.map((_, i) => `c${i}`)];
  const write = (file: string, rows: Normalised[][]) => writeFile(file, [header.join(','), ...rows.map((r) => r.map(csvField).join(','))].join('\n') + '\n');
  await write(path.join(dir, 'b.csv'), b);
  await write(path.join(dir, 's.csv'), s);

  const { DuckDBInstance } = await loadDuckDb();
  const instance = await DuckDBInstance.create(':memory:');
  const db = await instance.connect();
  const types = `{'rid': 'BIGINT', 'k': 'VARCHAR', ${compared.map((_, i) => `'c${i}': '${numeric[i] ? 'BIGINT' : 'VARCHAR'}'`).join(', ')}}`;
  let t = performance.now();
  for (const side of ['b', 's']) {
    await db.run(`CREATE TABLE ${side} AS SELECT * FROM read_csv('${path.join(dir, `${side}.csv`)}', header = true, nullstr = '', columns = ${types})`);
  }
  const loadMs = performance.now() - t;

  const diffList = compared.map((_, i) => `CASE WHEN b1.c${i} IS DISTINCT FROM s1.c${i} THEN ${i} END`).join(', ');
  const firstRows = (side: string) => `(SELECT * FROM ${side} WHERE k IS NOT NULL QUALIFY row_number() OVER (PARTITION BY k ORDER BY rid) = 1)`;
  const queries = [
    `SELECT brid, srid, unnest(diffs) AS col FROM (
       SELECT b1.rid AS brid, s1.rid AS srid, list_filter([${diffList}], x -> x IS NOT NULL) AS diffs
       FROM ${firstRows('b')} b1 JOIN ${firstRows('s')} s1 USING (k)) WHERE len(diffs) > 0`,
    `SELECT b1.rid FROM ${firstRows('b')} b1 ANTI JOIN s ON b1.k = s.k`,
    `SELECT s1.rid FROM ${firstRows('s')} s1 ANTI JOIN b ON s1.k = b.k`,
    `SELECT k, list(rid ORDER BY rid) FROM b WHERE k IS NOT NULL GROUP BY k HAVING count(*) > 1
     UNION ALL SELECT k, list(rid ORDER BY rid) FROM s WHERE k IS NOT NULL GROUP BY k HAVING count(*) > 1`,
  ];
  const queryMs: number[] = [];
  let counts = [0, 0, 0, 0];
  for (let r = 0; r < repeats; r++) {
    t = performance.now();
    const results = [];
    for (const q of queries) results.push((await db.runAndReadAll(q)).getRows());
    queryMs.push(performance.now() - t);
    counts = results.map((x) => x.length);
  }
  db.closeSync();
  instance.closeSync();
  await rm(dir, { recursive: true, force: true });
  return { loadMs, queryMs, discrepancies: counts[0]!, missing: counts[1]! + counts[2]!, duplicates: counts[3]! };
}
