/**
 * npm run bench [-- --small] [-- --skip-correctness] [-- --skip-speed] [-- --skip-memory]
 *
 * Prints figures only (no SSNs, no dates of birth), never fails on timings:
 *  1. correctness: recall and precision per difference kind on generated 10k-row pairs;
 *  2. speed: the engine against DuckDB on 100k × 100k rows, 20 data points, value mappings;
 *  3. memory: 1M × 1M rows streamed from CSV in a child process with a 3 GB heap (200k × 200k with
 *     --small). About two minutes the first time (the CSV pair is generated once and kept in the
 *     OS temp folder), about one minute afterwards; --large is accepted and means the default.
 *  4. pipeline: upload → discrepancies listed on the local stack for a 10k-row pair, seconds per
 *     stage (test/bench/pipeline.ts; --skip-pipeline to leave it out).
 *  5. kickoff: the daily renewal kickoff over 5,000 company carriers on the local stack, first and
 *     repeated run (test/bench/kickoff.ts; --skip-kickoff to leave it out).
 *  6. 834: reading 100,000 members from an 834 against the same table as CSV, rows/s and RSS growth
 *     (test/bench/x12-bench.ts; --skip-x12 to leave it out).
 *  7. Guardian: converting a row-based export of 100,000 members into the .xlsx, rows/s and peak RSS
 *     (test/bench/guardian-bench.ts; --skip-guardian to leave it out).
 *  8. invoice: generated list bills reconciled and scored by the dollar (recall, precision, totals
 *     to the cent) and a 20,000-employee bill timed (test/bench/invoice-bench.ts; --skip-invoice).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compareTablesSync } from '../../shared/compare';
import { GENERATOR_VERSION, generatePair, type GeneratedTable } from '../fixtures/generator/generate';
import { runCorrectness } from './correctness';
import { duckdbJoinAndCompare } from './duckdb-baseline';
import { kickoffBench } from './kickoff';
import { pipelineBench } from './pipeline';
import { guardianBench } from './guardian-bench';
import { invoiceBench } from './invoice-bench';
import { x12Bench } from './x12-bench';

const args = new Set(process.argv.slice(2));
const ROOT = path.resolve(import.meta.dirname, '../..');

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function correctness(): void {
  const seeds = ['1', '2', '3'];
  console.log(`\n== Correctness: 10,000-row pairs, seeds ${seeds.join(', ')}, matched on (kind, key, column)`);
  const { total, perSeed } = runCorrectness(10_000, seeds);
  console.table(
    total.map((s) => ({ kind: s.kind, expected: s.expected, reported: s.reported, recall: pct(s.recall), precision: pct(s.precision) })),
  );
  const perfect = perSeed.every((p) => p.scores.every((s) => s.recall === 1 && s.precision === 1));
  console.log(perfect ? 'every kind: 100% recall and precision on every seed' : 'NOT perfect on every seed: see table');
}

/** Rows as a file parser hands them over: flat strings, not the generator's concatenations. */
function asParsed(table: GeneratedTable): { columns: string[]; rows: string[][] } {
  return { columns: table.columns, rows: JSON.parse(JSON.stringify(table.rows)) as string[][] };
}

async function speed(): Promise<void> {
  const rows = 100_000;
  console.log(`\n== Speed: ${rows.toLocaleString('en-US')} × ${rows.toLocaleString('en-US')} rows, 20 data points (2 identifiers), value mappings`);
  const pair = generatePair({ rows, seed: 'bench' });
  const baseline = asParsed(pair.baseline);
  const secondary = asParsed(pair.secondary);
  const engineMs: number[] = [];
  let summary = compareTablesSync(baseline, secondary, pair.config).summary; // warm-up run, not counted
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    summary = compareTablesSync(baseline, secondary, pair.config).summary;
    engineMs.push(performance.now() - t);
  }
  const duck = await duckdbJoinAndCompare(baseline, secondary, pair.config, 5);
  console.log(`engine  (raw rows → normalise, map, join, compare, records): best ${secs(Math.min(...engineMs))}, median ${secs(median(engineMs))}`);
  console.log(`DuckDB  (normalised tables → join + compare query only):     best ${secs(Math.min(...duck.queryMs))}, median ${secs(median(duck.queryMs))}  (loading normalised CSV took ${secs(duck.loadMs)}, not counted)`);
  console.log(`ratio engine / DuckDB: best ${(Math.min(...engineMs) / Math.min(...duck.queryMs)).toFixed(2)}×, median ${(median(engineMs) / median(duck.queryMs)).toFixed(2)}×  (goal ≤ 1.5×)`);
  console.log(`same findings: engine ${summary.discrepancies} discrepancies / DuckDB ${duck.discrepancies}; engine ${summary.missing_in_baseline + summary.missing_in_secondary} rows on one side / DuckDB ${duck.missing}`);
}

function run(command: string[], options: { quiet?: boolean } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, command, { cwd: ROOT, stdio: ['ignore', 'pipe', options.quiet ? 'ignore' : 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${command.join(' ')} exited with ${code}`))));
  });
}

async function memory(rows: number): Promise<void> {
  console.log(`\n== Memory: ${rows.toLocaleString('en-US')} × ${rows.toLocaleString('en-US')} rows, CSV files streamed, child process with --max-old-space-size=3072`);
  const dir = path.join(tmpdir(), `dvp-bench-v${GENERATOR_VERSION}-${rows}-seed-memory`);
  if (!existsSync(path.join(dir, 'config.json'))) {
    const t = performance.now();
    await run(['--max-old-space-size=8192', '--import', 'tsx', 'test/fixtures/generator/cli.ts', '--rows', String(rows), '--seed', 'memory', '--out', dir, '--format', 'csv']);
    console.log(`(generated the CSV pair in ${secs(performance.now() - t)}, kept in ${dir})`);
  }
  const figures = JSON.parse(await run(['--max-old-space-size=3072', '--import', 'tsx', 'test/bench/memory-child.ts', dir])) as {
    ms: number;
    parseMs: number;
    peakHeapBytes: number;
    maxRssBytes: number;
    heapLimitBytes: number;
    summary: Record<string, number>;
  };
  console.log(`completed in ${secs(figures.ms)}: ${secs(figures.parseMs)} waiting for the CSV parser (csv-parse), ${secs(figures.ms - figures.parseMs)} in the engine and the async row plumbing; peak heap ${mb(figures.peakHeapBytes)}, peak RSS ${mb(figures.maxRssBytes)}, heap limit ${mb(figures.heapLimitBytes)}`);
  const s = figures.summary;
  console.log(`rows ${s.baseline_rows} / ${s.secondary_rows}, matched ${s.matched_rows}, discrepancies ${s.discrepancies}, only in baseline ${s.missing_in_secondary}, only at carrier ${s.missing_in_baseline}, duplicates ${s.duplicates_in_secondary}`);
}

if (!args.has('--skip-correctness')) correctness();
if (!args.has('--skip-speed')) await speed();
if (!args.has('--skip-memory')) await memory(args.has('--small') ? 200_000 : 1_000_000);
if (!args.has('--skip-pipeline')) await pipelineBench(10_000);
if (!args.has('--skip-kickoff')) await kickoffBench(5_000);
if (!args.has('--skip-x12')) await x12Bench(100_000);
if (!args.has('--skip-guardian')) await guardianBench(100_000);
if (!args.has('--skip-invoice')) invoiceBench(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'], 200);
// 50 clients reading and writing on the local stack (test/bench/load.ts; --load-seconds N shortens the 5 minutes, --skip-load leaves it out).
if (!args.has('--skip-load')) {
  const { loadBench, loadSecondsFromArgs } = await import('./load');
  await loadBench({ seconds: loadSecondsFromArgs(process.argv.slice(2)) });
}
