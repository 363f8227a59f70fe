/**
 * A 1,000,000 × 1,000,000-row CSV pair (about 177 MB a file) end to end on the local stack, the way
 * a user does it: each file declared and uploaded through the API in parts (S3 multipart upload,
 * 16 MB parts, 4 at a time), read by the parse job, data points set, the run, and the first page of
 * results listed. Prints seconds per stage and the server's peak RSS, beside anchors measured in
 * the same run on the same files: the upload reader alone reading each CSV in this process, and
 * the engine alone (files → findings) in a process of its own (test/bench/memory-child.ts).
 *
 *   npx tsx test/bench/big-files.ts            or   npm run bench -- --big (with the other --skip-*)
 *
 * Takes several minutes on two cores; figures only, never values.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { comparisonPath, configureDataPoints, createComparison, declareAndPut, waitForFile, waitForRun, type Call } from '../../infra/local/api-flow';
import type { CompareConfig } from '../../shared/compare';
import { MULTIPART_THRESHOLD_BYTES } from '../../shared/upload-plan';
import { GENERATOR_VERSION } from '../fixtures/generator/generate';
import { spawnStack, waitForReady } from '../support/stack-process';
import { csvReadBench } from './csv-read';
import { stackProcesses, statusBytes } from './process-tree';
import { client, signIn } from './pipeline';

const ROOT = path.resolve(import.meta.dirname, '../..');
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

function node(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${args.join(' ')} exited with ${code}`))));
  });
}

/** The pair the memory benchmark uses (same generator, seed and folder), generated once with the project's CLI. */
async function pairDir(rows: number): Promise<string> {
  const dir = path.join(os.tmpdir(), `dvp-bench-v${GENERATOR_VERSION}-${rows}-seed-memory`);
  if (!fs.existsSync(path.join(dir, 'config.json'))) {
    const t = performance.now();
    await node(['--max-old-space-size=8192', '--import', 'tsx', 'test/fixtures/generator/cli.ts', '--rows', String(rows), '--seed', 'memory', '--out', dir, '--format', 'csv']);
    console.log(`(generated the CSV pair in ${secs(performance.now() - t)}, kept in ${dir})`);
  }
  return dir;
}

interface ProcessMemory {
  /** Resident memory of the node processes of the stack (the API server runs every handler and task). */
  nodeRss: number;
  javaRss: number;
  /** The highest peak (VmHWM) of any one node process so far. */
  nodePeak: number;
}

/** The stack's process tree read from /proc: node (server, handlers, tasks, s3rver) and java (DynamoDB Local). */
function stackMemory(rootPid: number): ProcessMemory {
  const out: ProcessMemory = { nodeRss: 0, javaRss: 0, nodePeak: 0 };
  for (const { pid, kind } of stackProcesses(rootPid)) {
    if (kind === 'java') out.javaRss += statusBytes(pid, 'VmRSS');
    if (kind === 'node') {
      out.nodeRss += statusBytes(pid, 'VmRSS');
      out.nodePeak = Math.max(out.nodePeak, statusBytes(pid, 'VmHWM'));
    }
  }
  return out;
}


/** Rows of the first page of discrepancies, as the Verify Discrepancies grid asks for them. */
const FIRST_PAGE = 100;

/**
 * The generated pair differs in about 3% of its rows, far past the default limit of 5,000
 * findings at which a run stops: the demo organization's limit is raised (as the DMS admin), so
 * the run of a million rows saves its findings.
 */
async function allowFindings(admin: Call, organizationId: string, rows: number): Promise<void> {
  const org = await admin('GET', `/api/organizations/${organizationId}`);
  if (org.status !== 200) throw new Error(`read organization: ${org.status}`);
  const limit = Math.min(1_000_000, Math.max(5_000, rows));
  const res = await admin('PATCH', `/api/admin/organizations/${organizationId}`, { discrepancy_limit: limit, updated_at: org.body.updated_at });
  if (res.status !== 200) throw new Error(`raise the discrepancy limit: ${res.status} ${JSON.stringify(res.body)}`);
}

export async function bigFilesBench(rows = 1_000_000): Promise<void> {
  console.log(`\n== Big files on the local stack: ${rows.toLocaleString('en-US')} × ${rows.toLocaleString('en-US')}-row CSV pair, multipart upload → first page of results (takes minutes)`);
  const dir = await pairDir(rows);
  const config = JSON.parse(fs.readFileSync(path.join(dir, 'config.json'), 'utf8')) as CompareConfig;
  const files = [
    { side: 'BASELINE' as const, name: 'baseline.csv', file: path.join(dir, 'baseline.csv') },
    { side: 'SECONDARY' as const, name: 'carrier.csv', file: path.join(dir, 'secondary.csv') },
  ];

  const onTmpfs = fs.existsSync('/dev/shm');
  const dataDir = fs.mkdtempSync(path.join(onTmpfs ? '/dev/shm' : os.tmpdir(), 'dvp-bench-big-'));
  const stack = await spawnStack({
    dataDir,
    env: {
      // The real threshold and part size (100 MB, 16 MB), whatever this shell's environment says.
      DVP_MULTIPART_THRESHOLD_BYTES: '',
      DVP_MULTIPART_PART_BYTES: '',
      // A task's time to save results as in Lambda (15 minutes less a minute), not the local 45 s,
      // so saving the findings of a million rows is measured rather than handed over and cut off.
      DVP_LOCAL_TASK_BUDGET_MS: String(14 * 60_000),
    },
  });
  let peak: ProcessMemory = { nodeRss: 0, javaRss: 0, nodePeak: 0 };
  const sample = () => {
    const now = stackMemory(stack.child.pid!);
    peak = { nodeRss: Math.max(peak.nodeRss, now.nodeRss), javaRss: Math.max(peak.javaRss, now.javaRss), nodePeak: Math.max(peak.nodePeak, now.nodePeak) };
  };
  const sampler = setInterval(sample, 250);
  const times: Array<{ stage: string; seconds: number; anchor?: string }> = [];
  try {
    const url = await waitForReady(stack);
    const idle = stackMemory(stack.child.pid!);
    const call = client(url, await signIn(url));
    const me = (await call('GET', '/api/me')).body as { company_id: string; organization_id: string };
    const companyId = me.company_id;
    await allowFindings(client(url, await signIn(url, 'admin@demo.example')), me.organization_id, rows);
    const comparison = await createComparison(call, companyId, `Bench big files ${rows}`);
    const base = comparisonPath(companyId, comparison.id);

    const uploaded = [];
    for (const f of files) {
      const bytes = new Uint8Array(fs.readFileSync(f.file));
      const t = performance.now();
      const declared = await declareAndPut(call, base, f.side, { name: f.name, bytes, contentType: 'text/csv' });
      const how = bytes.byteLength > MULTIPART_THRESHOLD_BYTES ? 'in parts' : 'one PUT';
      times.push({ stage: `declare + upload ${f.name} (${mb(bytes.byteLength)}, ${how})`, seconds: (performance.now() - t) / 1000 });
      uploaded.push(declared);
    }
    const readerMs = new Map<string, number>();
    for (const f of files) readerMs.set(f.name, (await csvReadBench(f.file, 1)).readerMs[0]!);
    for (const [i, f] of files.entries()) {
      const t = performance.now();
      const started = await call('POST', `${base}/files/${uploaded[i].id}/parse?wait=false`, {});
      if (started.status !== 202) throw new Error(`parse ${f.name}: ${started.status} ${JSON.stringify(started.body)}`);
      const parsed = await waitForFile(call, `${base}/files/${uploaded[i].id}`, { everyMs: 500, timeoutMs: 1_800_000 });
      times.push({
        stage: `parse ${f.name} (${parsed.row_count.toLocaleString('en-US')} rows)`,
        seconds: (performance.now() - t) / 1000,
        anchor: `upload reader alone, in this process: ${secs(readerMs.get(f.name)!)}`,
      });
    }
    let t = performance.now();
    await configureDataPoints(call, companyId, base, config, `Bench big ${comparison.id.slice(0, 8)}`);
    times.push({ stage: 'mappings + data points', seconds: (performance.now() - t) / 1000 });

    const engine = JSON.parse(await node(['--max-old-space-size=3072', '--import', 'tsx', 'test/bench/memory-child.ts', dir])) as { ms: number; maxRssBytes: number };
    t = performance.now();
    const run = await call('POST', `${base}/run`);
    if (run.status !== 202) throw new Error(`run: ${run.status} ${JSON.stringify(run.body)}`);
    const done = await waitForRun(call, base, { everyMs: 1000, timeoutMs: 3_600_000 });
    if (done.status !== 'SUCCEEDED') throw new Error(`run ended ${done.status}: ${done.status_reason}`);
    times.push({
      stage: 'run (POST run → SUCCEEDED)',
      seconds: (performance.now() - t) / 1000,
      anchor: `engine alone, files → findings in a process of its own: ${secs(engine.ms)}, peak RSS ${mb(engine.maxRssBytes)}`,
    });

    t = performance.now();
    const page = await call('GET', `${base}/data_point_discrepancies?limit=${FIRST_PAGE}`);
    if (page.status !== 200) throw new Error(`list: ${page.status}`);
    times.push({ stage: `first page of discrepancies listed (${page.body.items.length}, as the grid asks)`, seconds: (performance.now() - t) / 1000 });
    // The anchors ran in between: the total is the stages' own time.
    const totalMs = times.reduce((sum, r) => sum + r.seconds * 1000, 0);
    sample();

    console.table(times.map((r) => ({ stage: r.stage, seconds: Number(r.seconds.toFixed(2)), anchor: r.anchor ?? '' })));
    console.log(`upload → first page of results: ${secs(totalMs)}; ${done.summary.discrepancies.toLocaleString('en-US')} discrepancies, ${done.summary.matched_rows.toLocaleString('en-US')} rows matched`);
    console.log(
      `server peak RSS: ${mb(peak.nodePeak)} (the node process that runs the API, the parse job and the run; idle after start ${mb(idle.nodeRss)}); ` +
        `all node processes at most ${mb(peak.nodeRss)} together, DynamoDB Local (java) at most ${mb(peak.javaRss)}`,
    );
    console.log(
      'local-stack costs AWS does not have: every task runs in the one API server process on the same 2 cores as DynamoDB Local and s3rver; ' +
        `in AWS the parse and the run are Lambdas of their own (docs/big-files.md)${onTmpfs ? '; the stack data directory is in /dev/shm' : ''}`,
    );
  } catch (error) {
    // The server's own last words (its log redacts SSNs and dates of birth), e.g. when it died mid-run.
    console.error(`the local stack's last output:\n${stack.output().slice(-3000)}`);
    throw error;
  } finally {
    clearInterval(sampler);
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--rows');
  await bigFilesBench(at > 0 ? Number(process.argv[at + 1]) : 1_000_000);
}
