/**
 * The 834 reader on 100,000 members: an 834 written from a generated carrier table (one INS loop
 * per row) and the same table as CSV, each read through writeParsedRows (what the parse job runs),
 * printing rows/s and the RSS growth of each; the CSV is the anchor measured in the same run.
 * Then findings per kind: generated census pairs whose carrier table is written as a
 * benefits-administration system writes an 834 (a loop per household member, the household's facts
 * on the subscriber only), read by the upload reader, configured as a user accepting the
 * suggestions does, compared with the baseline, beside the same pair with the carrier table as CSV,
 * both against the census truth.
 *
 *   npx tsx --expose-gc test/bench/x12-bench.ts [members]      (also part of `npm run bench`)
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { parseFile, writeParsedRows } from '../../functions/lib/files';
import { compareTablesSync } from '../../shared/compare';
import { generatePair, type GeneratedPair } from '../fixtures/generator/generate';
import { csvLine } from '../fixtures/generator/write-files';
import { writeHousehold834, writeX12834 } from '../fixtures/generator/x12-834';
import { TABLE_VALUE_MAPPINGS, X12_VALUE_MAPPINGS, acceptSuggestions, suggestionsInProcess } from '../support/accepted-suggestions';
import { findings, score, truthKeys } from './correctness';

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

async function measure(file: string, name: string) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  const started = performance.now();
  const summary = await writeParsedRows(createReadStream(file), name, sink);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { rows: summary.row_count, seconds, growth: peak - before, size: (await stat(file)).size };
}

export async function x12Bench(members = 100_000): Promise<void> {
  console.log(`\n== 834 reader: ${members.toLocaleString('en-US')} members (one INS loop each), against the same table as CSV`);
  const dir = await mkdtemp(path.join(tmpdir(), 'x12-bench-'));
  try {
    const table = generatePair({ rows: members, seed: 'x12-bench' }).secondary;
    const x12 = path.join(dir, 'enrollment.834');
    const csv = path.join(dir, 'enrollment.csv');
    await writeFile(x12, writeX12834(table, { lineBreak: '\n' }));
    let text = csvLine(table.columns);
    for (const row of table.rows) text += csvLine(row);
    await writeFile(csv, text);
    for (const [label, file, name] of [['CSV (anchor)', csv, 'enrollment.csv'], ['834', x12, 'enrollment.834']] as const) {
      const m = await measure(file, name);
      console.log(`${label.padEnd(13)} ${mb(m.size).padStart(9)}: ${m.rows.toLocaleString('en-US')} rows in ${m.seconds.toFixed(1)} s, ${Math.round(m.rows / m.seconds).toLocaleString('en-US')} rows/s, RSS +${mb(m.growth)}`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The carrier table of a pair as the upload reader reads it from an 834 written the ben-admin way. */
async function householdTable(pair: GeneratedPair): Promise<{ columns: string[]; rows: string[][] }> {
  const parsed = await parseFile(Readable.from([Buffer.from(writeHousehold834(pair.secondary))]), 'households.834');
  const rows: string[][] = [];
  for await (const row of parsed.rows) rows.push(row);
  return { columns: parsed.columns, rows };
}

/** Reported findings per kind, in the truth's terms, of the pair compared as a user accepting the suggestions configures it. */
function reportedWithSuggestions(pair: GeneratedPair, secondary: { columns: string[]; rows: string[][] }, mappings: typeof TABLE_VALUE_MAPPINGS, seed: string): string[] {
  const baseline = { columns: pair.baseline.columns, rows: pair.baseline.rows };
  const config = acceptSuggestions(suggestionsInProcess(baseline, secondary), mappings);
  const columns = new Map(config.data_points.map((d) => [d.id, d.baseline_column_name]));
  return findings(compareTablesSync(baseline, secondary, config), (id) => columns.get(id)!).map((k) => `${k}\u0000${seed}`);
}

export async function x12CensusBench(rows = 10_000, seeds: readonly string[] = ['1', '2', '3']): Promise<void> {
  console.log(`\n== 834 against its census: ${rows.toLocaleString('en-US')}-row pairs, seeds ${seeds.join(', ')}, the carrier table as an 834 of households and as CSV, each configured by accepting the suggestions`);
  const expected: string[] = [];
  const asCsv: string[] = [];
  const as834: string[] = [];
  for (const seed of seeds) {
    const pair = generatePair({ rows, seed });
    expected.push(...truthKeys(pair.truth.differences).map((k) => `${k}\u0000${seed}`));
    asCsv.push(...reportedWithSuggestions(pair, { columns: pair.secondary.columns, rows: pair.secondary.rows }, TABLE_VALUE_MAPPINGS, seed));
    as834.push(...reportedWithSuggestions(pair, await householdTable(pair), X12_VALUE_MAPPINGS, seed));
  }
  const csv = new Map(score(expected, asCsv).map((s) => [s.kind, s]));
  const x12 = new Map(score(expected, as834).map((s) => [s.kind, s]));
  const kinds = [...new Set([...csv.keys(), ...x12.keys()])];
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  console.table(
    kinds.map((kind) => ({
      kind,
      truth: csv.get(kind)?.expected ?? x12.get(kind)?.expected ?? 0,
      'CSV reported': csv.get(kind)?.reported ?? 0,
      '834 reported': x12.get(kind)?.reported ?? 0,
      '834 recall': pct(x12.get(kind)?.recall ?? 1),
      '834 precision': pct(x12.get(kind)?.precision ?? 1),
    })),
  );
  const exact = kinds.every((k) => (x12.get(k)?.expected ?? 0) === (x12.get(k)?.reported ?? 0) && (x12.get(k)?.recall ?? 1) === 1);
  console.log(exact ? '834: exactly the differences the truth lists, every kind' : '834: NOT exactly the truth: see table');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv[2] !== 'findings') await x12Bench(Number(process.argv[2] ?? 100_000));
  await x12CensusBench(Number(process.argv[3] ?? 10_000));
}
