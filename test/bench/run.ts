/**
 * npm run bench [-- --small] [-- --skip-correctness] [-- --skip-speed] [-- --skip-memory]
 *
 * Prints figures only (no SSNs, no dates of birth), never fails on timings:
 *  1. correctness: recall and precision per difference kind on generated 10k-row pairs;
 *  2. speed: the engine against DuckDB on 100k × 100k rows, 20 data points, value mappings;
 *  3. CSV to findings: 100k × 100k, then 1M × 1M rows (200k × 200k with --small), the engine in a
 *     child process with a 3 GB heap, each file read by the upload reader in a worker thread, beside
 *     the reference anchor, ../shared/anchors/duckdb-whole.mjs (DuckDB doing the whole audit in a
 *     process of its own with 2 threads; test/bench/anchor.ts runs it from a copy in the OS temp
 *     folder, or falls back to the weaker test/bench/duckdb-audit.ts, without a goal, when it is
 *     absent); medians of --memory-runs runs (3), the counts checked equal, peak RSS of each. With
 *     --memory-main-thread also the engine reading both files on its main thread beside the anchor
 *     with 1 thread. Then the carrier CSV read by the upload reader and by csv-parse. The CSV pairs
 *     are generated once and kept in the OS temp folder; --large is accepted and means the default.
 *  3b. xlsx: a 100,000 × 21 workbook read by the upload reader and by exceljs's streaming reader
 *     (test/bench/xlsx-bench.ts; --skip-xlsx to leave it out).
 *  4. pipeline: upload → every result listed on the local stack, seconds and the stack's CPU per
 *     stage beside the targets, for 100k rows as CSV and as xlsx and 500k rows as CSV (a 10k-row
 *     CSV pair with --small; test/bench/pipeline.ts; --skip-pipeline to leave it out).
 *  5. kickoff: the daily renewal kickoff over 5,000 company carriers on the local stack, first and
 *     repeated run (test/bench/kickoff.ts; --skip-kickoff to leave it out).
 *  6. 834: reading 100,000 members from an 834 against the same table as CSV, rows/s and RSS growth;
 *     then findings per kind of census pairs whose carrier side is an 834 of households, configured by
 *     accepting the suggestions, beside the same pairs as CSV (test/bench/x12-bench.ts; --skip-x12).
 * 6b. 834 writer: peak RSS and heap while a census of 50,000 and of 200,000 members is written as a
 *     full-file 834, each in a process of its own (test/bench/x12-writer-bench.ts; --skip-x12-writer).
 *  7. Guardian: converting a row-based export of 100,000 members into the .xlsx, rows/s and peak RSS
 *     (test/bench/guardian-bench.ts; --skip-guardian to leave it out).
 *  8. invoice: generated list bills reconciled and scored by the dollar (recall, precision, totals
 *     to the cent) and a 20,000-employee bill timed (test/bench/invoice-bench.ts; --skip-invoice).
 * 8b. audits that remember (test/bench/since-retro-bench.ts; --skip-since-retro): two monthly list
 *     bills of 10,000 members (2,000 with --small) with known retro double charges, found count and
 *     dollars against the truth; a 100,000-row pair (10,000) audited twice with known fixes, new,
 *     still open and fixed against the truth.
 *  9. web: the chunk sizes of `npm run size` and the sign-in page rendered by chromium on the local
 *     stack, fresh and from the cache (test/bench/web-bench.ts; --web-runs N, --skip-web).
 * 9b. cold starts: every function bundled as the stack bundles it, the largest API bundles each
 *     started in a fresh process and sent a first request, beside the smallest as the anchor
 *     (test/bench/cold-start.ts; --skip-cold-start to leave it out).
 * 10. big files, only with --big (it takes minutes): a 1M × 1M-row CSV pair uploaded in parts,
 *     parsed, run and listed on the local stack, seconds per stage and the server's peak RSS
 *     (test/bench/big-files.ts).
 * 11. sharded against whole (test/bench/sharded.ts): a pair compared whole and in 8 shards by key,
 *     each step's time and peak RSS and whether the findings are the same; 200k rows, or 2M × 2M
 *     with DVP_BENCH_SHARDED_2M=1 (it takes minutes); --skip-sharded leaves it out.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compareTablesSync } from '../../shared/compare';
import { GENERATOR_VERSION, generatePair, type GeneratedTable } from '../fixtures/generator/generate';
import { runCorrectness } from './correctness';
import { csvReadBench } from './csv-read';
import { duckdbJoinAndCompare } from './duckdb-baseline';
import { loadDuckDb } from './duckdb-loader';
import { prepareAnchor, runAnchor } from './anchor';
import type { AuditCounts } from './duckdb-audit';
import { kickoffBench } from './kickoff';
import { PIPELINE_TARGET_RUNS, pipelineBench } from './pipeline';
import { guardianBench } from './guardian-bench';
import { invoiceBench } from './invoice-bench';
import { webBench } from './web-bench';
import { x12Bench, x12CensusBench } from './x12-bench';
import { xlsxBench } from './xlsx-bench';

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
  console.log(`ratio engine / DuckDB: best ${(Math.min(...engineMs) / Math.min(...duck.queryMs)).toFixed(2)}×, median ${(median(engineMs) / median(duck.queryMs)).toFixed(2)}×  (DuckDB's query alone, not the anchor: no goal here; the goals are in CSV to findings)`);
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

interface EngineFigures {
  ms: number;
  parseMs: number;
  peakHeapBytes: number;
  maxRssBytes: number;
  heapLimitBytes: number;
  summary: Record<string, number>;
}
interface DuckFigures {
  ms: number;
  maxRssBytes: number;
  counts: AuditCounts;
}

function numberArg(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

/** Engine / anchor goals of the CSV-to-findings figure: the 1M pair, and smaller pairs. */
const goalRatio = (rows: number) => (rows >= 1_000_000 ? 0.8 : 1.0);
const RSS_GOAL_BYTES = 2048 * 1024 * 1024;

/** One run of whichever anchor there is, as the figures the comparison below needs. */
async function anchorRun(dir: string, threads: number, script: string | null): Promise<{ ms: number; rssBytes: number; counts: Record<string, number> }> {
  if (script) {
    const a = await runAnchor(script, dir, threads);
    return {
      ms: a.ms,
      rssBytes: a.rssBytes,
      counts: {
        baseline_rows: a.baseline_rows,
        secondary_rows: a.secondary_rows,
        discrepancies: a.discrepancies,
        missing_in_secondary: a.only_in_baseline,
        missing_in_baseline: a.only_at_carrier,
        duplicate_keys: a.duplicate_keys,
      },
    };
  }
  const d = JSON.parse(await run(['--import', 'tsx', 'test/bench/duckdb-audit.ts', dir, String(threads)])) as DuckFigures;
  return { ms: d.ms, rssBytes: d.maxRssBytes, counts: { ...d.counts } };
}

async function memory(rows: number, options: { csvRead: boolean }): Promise<void> {
  const runs = numberArg('--memory-runs', 3);
  console.log(`\n== CSV to findings: ${rows.toLocaleString('en-US')} × ${rows.toLocaleString('en-US')} rows, each side in a process of its own, ${runs} runs taking turns`);
  const dir = path.join(tmpdir(), `dvp-bench-v${GENERATOR_VERSION}-${rows}-seed-memory`);
  if (!existsSync(path.join(dir, 'config.json'))) {
    const t = performance.now();
    await run(['--max-old-space-size=8192', '--import', 'tsx', 'test/fixtures/generator/cli.ts', '--rows', String(rows), '--seed', 'memory', '--out', dir, '--format', 'csv']);
    console.log(`(generated the CSV pair in ${secs(performance.now() - t)}, kept in ${dir})`);
  }
  const anchor = prepareAnchor();
  if (!anchor) {
    await loadDuckDb();
    console.log('(../shared/anchors/duckdb-whole.mjs is not beside the repository: the bench\'s own DuckDB audit stands in, a weaker anchor, so no goal is printed against it)');
  }
  const variants = [
    { label: 'engine, each file read by the upload reader in a worker thread (2 cores)', args: [], threads: 2 },
    ...(args.has('--memory-main-thread') ? [{ label: 'engine, both files read on the main thread (1 core)', args: ['--main-thread'], threads: 1 }] : []),
  ];
  for (const variant of variants) {
    const engine: EngineFigures[] = [];
    const duck: Awaited<ReturnType<typeof anchorRun>>[] = [];
    for (let r = 0; r < runs; r++) {
      engine.push(JSON.parse(await run(['--max-old-space-size=3072', '--import', 'tsx', 'test/bench/memory-child.ts', dir, ...variant.args])) as EngineFigures);
      duck.push(await anchorRun(dir, variant.threads, anchor));
    }
    const e = median(engine.map((f) => f.ms));
    const d = median(duck.map((f) => f.ms));
    const name = anchor ? 'anchor' : 'DuckDB';
    console.log(`${variant.label}:`);
    console.log(`  engine  files → findings: median ${secs(e)} (${engine.map((f) => secs(f.ms)).join(', ')}); waiting for rows ${engine.map((f) => secs(f.parseMs)).join(', ')}; peak RSS ${engine.map((f) => mb(f.maxRssBytes)).join(', ')}, peak heap ${engine.map((f) => mb(f.peakHeapBytes)).join(', ')}`);
    console.log(
      anchor
        ? `  anchor  ../shared/anchors/duckdb-whole.mjs (DuckDB's whole audit in one process), threads = ${variant.threads}: median ${secs(d)} (${duck.map((f) => secs(f.ms)).join(', ')}); peak RSS ${duck.map((f) => mb(f.rssBytes)).join(', ')}`
        : `  DuckDB  the bench's own audit (test/bench/duckdb-audit.ts), threads = ${variant.threads}: median ${secs(d)} (${duck.map((f) => secs(f.ms)).join(', ')}); peak RSS ${duck.map((f) => mb(f.rssBytes)).join(', ')}`,
    );
    const worstRss = Math.max(...engine.map((f) => f.maxRssBytes));
    console.log(
      anchor
        ? `  ratio engine / anchor: median ${(e / d).toFixed(2)}× (goal ≤ ${goalRatio(rows).toFixed(1)}×, peak RSS ≤ 2048 MB: ${e / d <= goalRatio(rows) && worstRss <= RSS_GOAL_BYTES ? 'met' : 'NOT met'})`
        : `  ratio engine / DuckDB (weaker anchor, no goal): median ${(e / d).toFixed(2)}×`,
    );
    const s = engine[0]!.summary;
    const c = duck[0]!.counts;
    const same = Object.keys(c).every((k) => s[k] === c[k]);
    console.log(`  rows ${s.baseline_rows} / ${s.secondary_rows}, matched ${s.matched_rows}, discrepancies ${s.discrepancies}, only in baseline ${s.missing_in_secondary}, only at carrier ${s.missing_in_baseline}, duplicates ${s.duplicates_in_baseline} / ${s.duplicates_in_secondary} (${s.duplicate_keys} keys)`);
    console.log(`  same counts as the ${name}: ${same ? 'yes' : `NO: ${name} ${JSON.stringify(c)}`}`);
  }
  if (!options.csvRead) return;
  const csv = await csvReadBench(path.join(dir, 'secondary.csv'), numberArg('--csv-runs', 1));
  console.log(`reading the carrier CSV (${csv.rows.toLocaleString('en-US')} records) to trimmed records: upload reader ${csv.readerMs.map(secs).join(', ')}, csv-parse ${csv.csvParseMs.map(secs).join(', ')}`);
}

if (!args.has('--skip-correctness')) correctness();
if (!args.has('--skip-speed')) await speed();
// Matching by person: precision/recall per perturbation and 100k × 100k matching beside the identifier join (test/bench/person-match-bench.ts; --skip-person-match).
if (!args.has('--skip-person-match')) (await import('./person-match-bench')).personMatchBench({ rows: args.has('--small') ? 20_000 : 100_000, qualityRows: args.has('--small') ? 5_000 : 20_000, runs: 3 });
if (!args.has('--skip-memory')) {
  await memory(100_000, { csvRead: false });
  await memory(args.has('--small') ? 200_000 : 1_000_000, { csvRead: true });
}
if (!args.has('--skip-xlsx')) await xlsxBench(100_000);
if (!args.has('--skip-pipeline')) for (const run of args.has('--small') ? [{ rows: 10_000 }] : PIPELINE_TARGET_RUNS) await pipelineBench(run);
if (!args.has('--skip-kickoff')) await kickoffBench(5_000);
if (!args.has('--skip-x12')) {
  await x12Bench(100_000);
  await x12CensusBench(10_000);
}
if (!args.has('--skip-x12-writer')) await (await import('./x12-writer-bench')).x12WriterBench();
if (!args.has('--skip-guardian')) await guardianBench(100_000);
if (!args.has('--skip-invoice')) invoiceBench(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'], 200);
if (!args.has('--skip-since-retro')) {
  const { changesSinceBench, retroAlreadyBilledBench } = await import('./since-retro-bench');
  retroAlreadyBilledBench(args.has('--small') ? 2_000 : 10_000);
  changesSinceBench(args.has('--small') ? 10_000 : 100_000, args.has('--small') ? 100 : 1_000);
}
if (!args.has('--skip-web')) await webBench({ runs: numberArg('--web-runs', 5) });
if (!args.has('--skip-cold-start')) await (await import('./cold-start')).coldStartBench();
if (args.has('--big')) await (await import('./big-files')).bigFilesBench();
if (!args.has('--skip-sharded')) await (await import('./sharded')).shardedBench({ rows: process.env.DVP_BENCH_SHARDED_2M === '1' ? 2_000_000 : 200_000, shards: 8 });
// 50 clients reading and writing on the local stack, then the CPU one request of each kind costs (test/bench/load.ts; --load-seconds N shortens the 5 minutes, --skip-load leaves it out).
if (!args.has('--skip-load')) {
  const { loadBench, loadSecondsFromArgs } = await import('./load');
  await loadBench({ seconds: loadSecondsFromArgs(process.argv.slice(2)), routeCosts: true });
}
