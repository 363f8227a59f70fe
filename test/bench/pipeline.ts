/**
 * Pipeline on the local stack: upload → every result listed, for a generated pair, in seconds per
 * stage beside the targets. Starts the real local stack (`npm start`'s entry) in a child process on
 * free ports with a throwaway data directory, drives the API as a client would (USER_PASSWORD_AUTH
 * sign-in, presigned PUTs), and prints figures only (never values).
 *
 *   npx tsx test/bench/pipeline.ts [--rows 10000] [--format csv|xlsx] [--data-in-shm]
 *   npm run bench runs it for the sizes of the targets (100k csv, 100k xlsx, 500k csv)
 *
 * The throwaway data directory is on disk beside `npm start`'s own (`.data`), under test/.tmp, so
 * the figure includes what DynamoDB Local's SQLite pays to sync the results to disk, as a user's
 * stack does. `--data-in-shm` keeps it in /dev/shm instead, to tell that cost apart. A CSV pair's
 * figure is printed beside the reference anchor (../shared/anchors/duckdb-whole.mjs, test/bench/
 * anchor.ts) doing the whole audit of the same files, with the goal of ≤ 3× its time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEMO_PASSWORD } from '../../infra/local/demo-data';
import type { CompareConfig } from '../../shared/compare';
import { GENERATOR_VERSION, generatePair } from '../fixtures/generator/generate';
import { writePair } from '../fixtures/generator/write-files';
import { bearerClient, comparisonPath, configureDataPoints, createComparison, declareAndPut, listAll, waitForFile, waitForRun, type Call } from '../../infra/local/api-flow';
import { spawnStack, waitForReady } from '../support/stack-process';
import { MAX_RESULTS_PAGE } from '../../shared/schemas/results';
import { DEFAULT_DISCREPANCY_LIMIT } from '../../shared/schemas/organization';
import { cpuSince, stackCpu, type StackCpu } from './stack-cpu';
import { prepareAnchor, runAnchor } from './anchor';

const USER = 'company-admin@demo.example';
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export type PipelineFormat = 'csv' | 'xlsx';
export interface PipelineBenchOptions {
  rows: number;
  format?: PipelineFormat;
  /** Keep the stack's data directory in /dev/shm (where there is one) instead of on disk. */
  dataInShm?: boolean;
}

/** Upload → every result listed, in seconds, by (rows, format); and every result of the 500k pair listed. */
const TOTAL_TARGET_S: Record<string, number> = { '100000 csv': 6, '100000 xlsx': 8, '500000 csv': 30 };
const LISTING_TARGET = { results: 15_000, seconds: 3 };
/** Upload → every result listed, at most this many times DuckDB's whole audit of the same files. */
const ANCHOR_GOAL = 3;
const ROOT = path.resolve(import.meta.dirname, '../..');

interface BenchPair {
  dir: string;
  config: CompareConfig;
  differences: number;
}

/** The generated pair as files, written once per size and format and kept in the OS temp folder. */
async function benchPair(rows: number, format: PipelineFormat): Promise<BenchPair> {
  const dir = path.join(os.tmpdir(), `dvp-bench-v${GENERATOR_VERSION}-${rows}-seed-pipeline-${format}`);
  const configFile = path.join(dir, 'config.json');
  if (!fs.existsSync(configFile)) {
    const t = performance.now();
    const pair = generatePair({ rows, seed: 'pipeline' });
    await writePair(pair, `${dir}.partial`, format);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(`${dir}.partial`, dir);
    console.log(`(generated the ${format} pair in ${secs(performance.now() - t)}, kept in ${dir})`);
  }
  const truth = JSON.parse(fs.readFileSync(path.join(dir, 'truth.json'), 'utf8')) as { differences: unknown[] };
  return { dir, config: JSON.parse(fs.readFileSync(configFile, 'utf8')) as CompareConfig, differences: truth.differences.length };
}

export async function signIn(url: string, user = USER): Promise<string> {
  const config = (await (await fetch(`${url}/config.json`)).json()) as { userPoolEndpoint: string; userPoolClientId: string };
  const res = await fetch(config.userPoolEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: config.userPoolClientId, AuthParameters: { USERNAME: user, PASSWORD: DEMO_PASSWORD } }),
  });
  const body = (await res.json()) as { AuthenticationResult?: { IdToken: string } };
  if (!body.AuthenticationResult) throw new Error(`sign-in failed: ${res.status}`);
  return body.AuthenticationResult.IdToken;
}

export const client = bearerClient;

const CONTENT_TYPES: Record<PipelineFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

interface StageFigure {
  stage: string;
  ms: number;
  cpu?: StackCpu | null;
}
interface DriveOutcome {
  times: StageFigure[];
  marks: StageFigure[];
  timings?: { compare?: number; save?: number };
  totalMs: number;
  totalCpu: StackCpu | null;
  listMs: number;
  listCpu: StackCpu | null;
  discrepancies: number;
  missing: number;
  secondaryRows: number;
}

function filesOf(pair: BenchPair, format: PipelineFormat) {
  return (['baseline', 'secondary'] as const).map((name) => ({
    name: `${name === 'baseline' ? 'baseline' : 'carrier'}.${format}`,
    bytes: new Uint8Array(fs.readFileSync(path.join(pair.dir, `${name}.${format}`))),
    contentType: CONTENT_TYPES[format],
  }));
}

/** One comparison from upload to every result listed, timed per stage. */
async function drive(call: Call, companyId: string, pair: BenchPair, format: PipelineFormat, label: string, cpu: () => StackCpu | null): Promise<DriveOutcome> {
  const files = filesOf(pair, format);
  const times: StageFigure[] = [];
  const timed = async <T>(stage: string, work: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    const before = cpu();
    const value = await work();
    times.push({ stage, ms: performance.now() - t, cpu: cpuSince(before, cpu()) });
    return value;
  };

  const t0 = performance.now();
  const cpu0 = cpu();
  const comparison = await timed('create comparison', () => createComparison(call, companyId, label));
  const base = comparisonPath(companyId, comparison.id);
  // Both files go up and are read side by side, as the page does once both are chosen.
  await timed('upload + parse both files', () =>
    Promise.all(
      (['BASELINE', 'SECONDARY'] as const).map(async (side, i) => {
        const t = performance.now();
        const declared = await declareAndPut(call, base, side, files[i]!);
        times.push({ stage: `  upload ${side.toLowerCase()} (PUT)`, ms: performance.now() - t });
        const p = performance.now();
        const parsed = await call('POST', `${base}/files/${declared.id}/parse`, {});
        if (parsed.status === 202) await waitForFile(call, `${base}/files/${declared.id}`, { everyMs: 100 });
        else if (parsed.status !== 200) throw new Error(`parse ${side}: ${parsed.status} ${JSON.stringify(parsed.body)}`);
        times.push({ stage: `  parse ${side.toLowerCase()}`, ms: performance.now() - p });
      }),
    ),
  );
  await timed('mappings + data points', () => configureDataPoints(call, companyId, base, pair.config, `${label} ${comparison.id.slice(0, 8)}`));

  // The run, split by the stages the comparison reports while it is polled.
  const stageSeen = new Map<string, { at: number; cpu: StackCpu | null }>();
  const runStart = performance.now();
  const runCpu = cpu();
  const started = await call('POST', `${base}/run`);
  if (started.status !== 202) throw new Error(`run: ${started.status} ${JSON.stringify(started.body)}`);
  const done = await waitForRun(call, base, {
    everyMs: 100,
    timeoutMs: 600_000,
    onProgress: (c) => {
      if (c.status === 'RUNNING' && c.progress?.stage && !stageSeen.has(c.progress.stage)) stageSeen.set(c.progress.stage, { at: performance.now(), cpu: cpu() });
    },
  });
  const runEnd = performance.now();
  const runEndCpu = cpu();
  times.push({ stage: 'run (POST run → SUCCEEDED)', ms: runEnd - runStart, cpu: cpuSince(runCpu, runEndCpu) });
  if (done.status !== 'SUCCEEDED') throw new Error(`run ended ${done.status}: ${done.status_reason}`);

  const [discrepancies, missing] = await timed('list discrepancies + missing rows', () =>
    Promise.all([listAll(call, `${base}/data_point_discrepancies`, MAX_RESULTS_PAGE), listAll(call, `${base}/missing_discrepancies`, MAX_RESULTS_PAGE)]),
  );
  const totalMs = performance.now() - t0;
  const totalCpu = cpuSince(cpu0, cpu());
  const distinct = new Set([...discrepancies, ...missing].map((item: { id: string }) => item.id)).size;
  if (distinct !== discrepancies.length + missing.length) throw new Error(`the lists repeat results: ${distinct} distinct of ${discrepancies.length + missing.length}`);

  const order = ['loading', 'matching', 'comparing', 'saving'].filter((s) => stageSeen.has(s));
  const seen = order.map((s) => stageSeen.get(s)!);
  const marks: StageFigure[] = [
    ...(order.length ? [{ stage: 'prepare (until loading shows)', ms: seen[0]!.at - runStart, cpu: cpuSince(runCpu, seen[0]!.cpu) }] : []),
    ...order.map((s, i) => {
      const end = seen[i + 1] ?? { at: runEnd, cpu: runEndCpu };
      return { stage: s === 'saving' ? 'saving + notify' : s, ms: end.at - seen[i]!.at, cpu: cpuSince(seen[i]!.cpu, end.cpu) };
    }),
  ];
  return {
    times,
    marks,
    timings: done.summary?.timings_ms as DriveOutcome['timings'],
    totalMs,
    totalCpu,
    listMs: times.at(-1)!.ms,
    listCpu: times.at(-1)!.cpu ?? null,
    discrepancies: discrepancies.length,
    missing: missing.length,
    secondaryRows: done.summary.secondary_rows as number,
  };
}

const row = ({ stage, ms, cpu }: StageFigure) => ({
  stage,
  seconds: Number((ms / 1000).toFixed(2)),
  ...(cpu ? { 'CPU DynamoDB Local': Number((cpu.dynamodbMs / 1000).toFixed(2)), 'CPU rest': Number((cpu.otherMs / 1000).toFixed(2)) } : {}),
});

/**
 * The demo organization stops a run past 5,000 findings (its discrepancy limit); the DMS admin
 * raises it when the pair has more, as an organization comparing files this large would have it.
 */
async function allowFindings(url: string, organizationId: string, findings: number): Promise<void> {
  if (findings <= DEFAULT_DISCREPANCY_LIMIT) return;
  const admin = client(url, await signIn(url, 'admin@demo.example'));
  const organization = await admin('GET', `/api/organizations/${organizationId}`);
  const raised = await admin('PATCH', `/api/admin/organizations/${organizationId}`, { discrepancy_limit: findings * 2, updated_at: organization.body.updated_at });
  if (raised.status !== 200) throw new Error(`raising the discrepancy limit: ${raised.status} ${JSON.stringify(raised.body)}`);
}

/** Rows of the small pair run first on a fresh stack and not counted. */
const WARM_UP_ROWS = 5_000;

export async function pipelineBench(options: PipelineBenchOptions | number = 10_000): Promise<void> {
  const { rows, format = 'csv', dataInShm = false } = typeof options === 'number' ? { rows: options } : options;
  const onTmpfs = dataInShm && fs.existsSync('/dev/shm');
  console.log(`\n== Pipeline on the local stack: ${rows.toLocaleString('en-US')}-row pair as ${format}, upload → every result listed`);
  const pair = await benchPair(rows, format);
  const warmUpPair = await benchPair(WARM_UP_ROWS, format);

  const onDisk = path.join(ROOT, 'test', '.tmp');
  fs.mkdirSync(onDisk, { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(onTmpfs ? '/dev/shm' : onDisk, 'dvp-bench-pipeline-'));
  const startedStack = performance.now();
  const stack = await spawnStack({ dataDir });
  try {
    const url = await waitForReady(stack);
    console.log(`(local stack ready in ${secs(performance.now() - startedStack)}, not counted; data directory ${onTmpfs ? 'in /dev/shm' : "on disk, beside npm start's"})`);
    const call = client(url, await signIn(url));
    const me = (await call('GET', '/api/me')).body as { company_id: string };
    const company = (await call('GET', `/api/companies/${me.company_id}`)).body as { organization_id: string };
    await allowFindings(url, company.organization_id, pair.differences);
    // A fresh stack compiles each task module on first use and DynamoDB Local's JVM is cold: one
    // small comparison first, so the figures are of a warm stack as a Lambda's warm containers are.
    const cpu = () => (stack.child.pid ? stackCpu(stack.child.pid) : null);
    const warm = await drive(call, me.company_id, warmUpPair, format, `Bench warm-up ${WARM_UP_ROWS} rows`, cpu);
    console.log(`(warm-up: a ${WARM_UP_ROWS.toLocaleString('en-US')}-row pair through the whole pipeline in ${secs(warm.totalMs)}, not counted)`);
    const out = await drive(call, me.company_id, pair, format, `Bench ${rows} rows`, cpu);

    console.log('seconds waited, and CPU seconds the stack spent in DynamoDB Local and in the rest (API server with the tasks, s3rver, cognito-local):');
    console.table(out.times.map(row));
    if (out.marks.length) {
      console.log('run stages as seen by polling every 100 ms (a stage shorter than that may not show):');
      console.table(out.marks.map(row));
    }
    if (out.timings) console.log(`inside the compare task: read + compare ${secs(out.timings.compare ?? 0)}, write + delete results ${secs(out.timings.save ?? 0)}`);

    const listed = out.discrepancies + out.missing;
    console.log(
      `listing ${listed.toLocaleString('en-US')} results in pages of ${MAX_RESULTS_PAGE.toLocaleString('en-US')}: ${secs(out.listMs)} (target: ${LISTING_TARGET.results.toLocaleString('en-US')} in ≤ ${LISTING_TARGET.seconds} s): ` +
        `${out.discrepancies} discrepancies and ${out.missing} missing/duplicate rows (truth: ${pair.differences} differences)`,
    );
    const target = TOTAL_TARGET_S[`${rows} ${format}`];
    console.log(
      `upload → every result listed: ${secs(out.totalMs)} for ${rows.toLocaleString('en-US')} × ${out.secondaryRows.toLocaleString('en-US')} rows as ${format}` +
        (target ? ` (target ≤ ${target.toFixed(2)} s)` : '') +
        (out.totalCpu ? `; CPU: DynamoDB Local ${secs(out.totalCpu.dynamodbMs)}, the rest of the stack ${secs(out.totalCpu.otherMs)}` : ''),
    );
    const saving = out.marks.find((m) => m.stage === 'saving + notify');
    if (saving?.cpu && listed) {
      console.log(
        `DynamoDB Local spent ${secs(saving.cpu.dynamodbMs)} of CPU writing the ${listed.toLocaleString('en-US')} results (${(saving.cpu.dynamodbMs / listed).toFixed(2)} ms a result) ` +
          `and ${out.listCpu ? secs(out.listCpu.dynamodbMs) : '?'} reading them for the lists: work DynamoDB in AWS does on its own machines`,
      );
    }
    console.log(
      'local-stack costs AWS does not have: every task runs in the API server process on the same 2 cores as DynamoDB Local, s3rver and ' +
        'cognito-local (Lambda gives each task its own); DynamoDB Local keeps the table in SQLite' +
        (onTmpfs ? ' (here in /dev/shm: without --data-in-shm the figure includes its sync of the writes to disk)' : ' on disk and syncs its writes'),
    );
    const script = format === 'csv' ? prepareAnchor() : null;
    if (script) {
      const anchorMs = (await runAnchor(script, pair.dir)).ms;
      console.log(
        `DuckDB's whole audit of the same pair (the reference anchor, CSV → findings in one process): ${secs(anchorMs)}; ` +
          `upload → every result listed / anchor: ${(out.totalMs / anchorMs).toFixed(2)}× (goal ≤ ${ANCHOR_GOAL}×${onTmpfs ? ', on disk' : ''})`,
      );
    }
  } finally {
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The sizes the pipeline's targets are set for. */
export const PIPELINE_TARGET_RUNS: PipelineBenchOptions[] = [
  { rows: 100_000, format: 'csv' },
  { rows: 100_000, format: 'xlsx' },
  { rows: 500_000, format: 'csv' },
];

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name: string) => {
    const at = process.argv.indexOf(name);
    return at > 0 ? process.argv[at + 1] : undefined;
  };
  const format = (arg('--format') ?? 'csv') as PipelineFormat;
  if (format !== 'csv' && format !== 'xlsx') throw new Error('--format is csv or xlsx');
  await pipelineBench({ rows: Number(arg('--rows') ?? 10_000), format, dataInShm: process.argv.includes('--data-in-shm') });
}
