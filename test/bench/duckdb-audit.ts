/**
 * The whole audit done by DuckDB in one process, as the anchor for the engine's CSV-to-findings
 * figure: both CSV files read by DuckDB, every data point normalised in SQL the way the engine
 * normalises it (SSNs as numbers, text trimmed, collapsed and lower-cased, names and addresses
 * without accents and punctuation, amounts in cents as toCents rounds them, dates read with
 * each side's format, the carrier's values mapped), joined on the first row of each key, and the
 * findings written to tables: one row per differing data point of a matched pair, keys on one
 * side only, repeated keys. Only the plan (kinds and date formats, from the first 2,000 rows, as
 * the engine infers them) comes from the engine's code.
 *
 *   node --import tsx test/bench/duckdb-audit.ts <fixture dir> <threads>   → one JSON line
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CompareConfig } from '../../shared/compare';
import { resolveDataPoints, type ResolvedDataPoint } from '../../shared/compare/resolve-data-points';
import type { ColumnDateFormat } from '../../shared/dates';
import { openSource } from '../../functions/lib/files/open-source';
import { openTable } from '../../functions/lib/files/table';
import { loadDuckDb } from './duckdb-loader';

export interface AuditCounts {
  discrepancies: number;
  matched_rows: number;
  missing_in_secondary: number;
  missing_in_baseline: number;
  duplicates_in_baseline: number;
  duplicates_in_secondary: number;
}

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;

const STRPTIME: Record<Exclude<ColumnDateFormat, 'EXCEL_SERIAL' | 'ISO'>, string> = {
  'MM/dd/yyyy': '%m/%d/%Y',
  'M/d/yyyy': '%m/%d/%Y',
  'yyyy/MM/dd': '%Y/%m/%d',
  MMddyyyy: '%m%d%Y',
  'MM-dd-yyyy': '%m-%d-%Y',
  yyyyMMdd: '%Y%m%d',
};

const NAME_ROLES = new Set(['first_name', 'last_name', 'full_name']);
const ADDRESS_ROLES = new Set(['address', 'address_2']);

/** normaliseText: trimmed, whitespace runs collapsed, lower-cased; NULL for empty. */
const text = (x: string) => `nullif(lower(trim(regexp_replace(${x}, '\\s+', ' ', 'g'))), '')`;
/** Values a number or date column cannot read compare as text, marked apart from readable ones. */
const orText = (value: string, x: string) => `coalesce(${value}, '#' || ${text(x)})`;

function normaliser(p: ResolvedDataPoint, x: string, format: ColumnDateFormat | null): string {
  switch (p.kind) {
    case 'ssn': {
      const digits = `regexp_replace(regexp_replace(trim(${x}), '\\.0+$', ''), '[\\s-]', '', 'g')`;
      const asNumber = `CASE WHEN regexp_full_match(${digits}, '[0-9]{1,15}') THEN CAST(CAST(${digits} AS BIGINT) AS VARCHAR) END`;
      return `coalesce(${asNumber}, nullif(upper(regexp_replace(trim(${x}), '[\\s.-]', '', 'g')), ''))`;
    }
    case 'text':
      if (!p.role || p.kind !== 'text') return text(x);
      if (NAME_ROLES.has(p.role)) return `nullif(regexp_replace(lower(strip_accents(${x})), '[^\\p{L}\\p{N}]+', '', 'g'), '')`;
      if (ADDRESS_ROLES.has(p.role)) return `nullif(trim(regexp_replace(lower(strip_accents(${x})), '[^\\p{L}\\p{N}]+', ' ', 'g')), '')`;
      return text(x);
    case 'number': {
      const bare = `replace(replace(trim(${x}), '$', ''), ',', '')`;
      const signed = `CASE WHEN ${bare} LIKE '(%)' THEN '-' || ${bare}[2:-2] WHEN ${bare} LIKE '%-' THEN '-' || ${bare}[1:-2] ELSE ${bare} END`;
      // toCents: whole cents of |v| × 100 plus a tiny bias, rounded, the sign put back.
      const v = `TRY_CAST(${signed} AS DOUBLE)`;
      return orText(`CAST(CAST(sign(${v}) * round(abs(${v}) * 100 + 1e-7) AS BIGINT) AS VARCHAR)`, x);
    }
    case 'date': {
      const f = format ?? 'MM/dd/yyyy';
      const read =
        f === 'EXCEL_SERIAL'
          ? `CAST(DATE '1899-12-30' + TRY_CAST(trim(${x}) AS INTEGER) AS VARCHAR)`
          : f === 'ISO'
            ? `CAST(CAST(try_strptime(left(trim(${x}), 10), '%Y-%m-%d') AS DATE) AS VARCHAR)`
            : `coalesce(CAST(CAST(try_strptime(trim(${x}), ${quote(STRPTIME[f])}) AS DATE) AS VARCHAR), CAST(CAST(try_strptime(left(trim(${x}), 10), '%Y-%m-%d') AS DATE) AS VARCHAR))`;
      return orText(read, x);
    }
  }
}

/** The carrier's value mapping: sources matched trimmed and case-insensitively, the first entry for a source wins. */
function mapped(dp: CompareConfig['data_points'][number], x: string): string {
  const fields = dp.data_mapping?.fields ?? [];
  if (fields.length === 0) return x;
  const seen = new Set<string>();
  const arms: string[] = [];
  for (const { source, target } of fields) {
    const key = source.trim().toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    arms.push(`WHEN ${quote(key)} THEN ${quote(target)}`);
  }
  return `(CASE lower(trim(${x})) ${arms.join(' ')} ELSE ${x} END)`;
}

async function firstRows(file: string, n: number): Promise<{ columns: string[]; rows: string[][] }> {
  const table = await openTable(await openSource(createReadStream(file), path.basename(file), Number.POSITIVE_INFINITY), {});
  const rows: string[][] = [];
  for await (const row of table.rows) {
    rows.push(row);
    if (rows.length === n) break;
  }
  await table.rows.return();
  return { columns: table.columns, rows };
}

export async function duckdbAudit(dir: string, threads: number): Promise<{ ms: number; counts: AuditCounts }> {
  const config = JSON.parse(await readFile(path.join(dir, 'config.json'), 'utf8')) as CompareConfig;
  const baselineFile = path.join(dir, 'baseline.csv');
  const secondaryFile = path.join(dir, 'secondary.csv');
  const { DuckDBInstance } = await loadDuckDb();
  const instance = await DuckDBInstance.create(':memory:');
  const db = await instance.connect();
  await db.run(`SET threads = ${threads}`);

  const started = performance.now();
  const [b, s] = await Promise.all([firstRows(baselineFile, 2000), firstRows(secondaryFile, 2000)]);
  const points = resolveDataPoints({ dataPoints: config.data_points, baselineColumns: b.columns, secondaryColumns: s.columns, baselineSample: b.rows, secondarySample: s.rows });
  const byId = new Map(config.data_points.map((dp) => [dp.id, dp]));
  const ids = points.filter((p) => p.isIdentifier);
  const compared = points.filter((p) => !p.isIdentifier);

  const side = (table: string, file: string, columns: string[], which: 'baseline' | 'secondary') => {
    const raw = (p: ResolvedDataPoint) => {
      const x = ident(columns[which === 'baseline' ? p.baselineIndex : p.secondaryIndex]!);
      return which === 'secondary' ? mapped(byId.get(p.id)!, x) : x;
    };
    const norm = (p: ResolvedDataPoint) => normaliser(p, raw(p), which === 'baseline' ? p.baselineDateFormat : p.secondaryDateFormat);
    const key = ids.map((p) => norm(p)).join(` || chr(31) || `);
    const values = compared.map((p, i) => `${norm(p)} AS c${i}`).join(', ');
    return `CREATE TEMP TABLE ${table} AS SELECT row_number() OVER () - 1 AS rid, ${key} AS k, ${values}
      FROM read_csv(${quote(file)}, header = true, all_varchar = true)`;
  };
  await db.run(side('b', baselineFile, b.columns, 'baseline'));
  await db.run(side('s', secondaryFile, s.columns, 'secondary'));
  const first = (t: string) => `CREATE TEMP TABLE ${t}1 AS SELECT * FROM ${t} WHERE k IS NOT NULL QUALIFY row_number() OVER (PARTITION BY k ORDER BY rid) = 1`;
  await db.run(first('b'));
  await db.run(first('s'));
  const diffs = compared.map((_, i) => `CASE WHEN b1.c${i} IS DISTINCT FROM s1.c${i} THEN ${i} END`).join(', ');
  await db.run(`CREATE TEMP TABLE matched AS SELECT b1.rid AS brid, s1.rid AS srid, list_filter([${diffs}], x -> x IS NOT NULL) AS diffs FROM b1 JOIN s1 USING (k)`);
  await db.run(`CREATE TEMP TABLE discrepancies AS SELECT brid, srid, unnest(diffs) AS data_point FROM matched WHERE len(diffs) > 0`);
  await db.run(`CREATE TEMP TABLE only_baseline AS SELECT b1.rid FROM b1 ANTI JOIN s1 USING (k)`);
  await db.run(`CREATE TEMP TABLE only_secondary AS SELECT s1.rid FROM s1 ANTI JOIN b1 USING (k)`);
  await db.run(`CREATE TEMP TABLE duplicates AS SELECT 'b' AS side, rid FROM b WHERE k IS NOT NULL AND rid NOT IN (SELECT rid FROM b1) UNION ALL SELECT 's', rid FROM s WHERE k IS NOT NULL AND rid NOT IN (SELECT rid FROM s1)`);
  const count = async (sql: string) => Number((await db.runAndReadAll(sql)).getRows()[0]![0]);
  const counts: AuditCounts = {
    discrepancies: await count('SELECT count(*) FROM discrepancies'),
    matched_rows: await count('SELECT count(*) FROM matched'),
    missing_in_secondary: await count('SELECT count(*) FROM only_baseline'),
    missing_in_baseline: await count('SELECT count(*) FROM only_secondary'),
    duplicates_in_baseline: await count(`SELECT count(*) FROM duplicates WHERE side = 'b'`),
    duplicates_in_secondary: await count(`SELECT count(*) FROM duplicates WHERE side = 's'`),
  };
  const ms = performance.now() - started;
  db.closeSync();
  instance.closeSync();
  return { ms, counts };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const result = await duckdbAudit(process.argv[2]!, Number(process.argv[3] ?? 2));
  process.stdout.write(JSON.stringify({ ...result, maxRssBytes: process.resourceUsage().maxRSS * 1024 }) + '\n');
}
