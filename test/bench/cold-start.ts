/**
 * Cold starts of the deployed functions: every handler bundled as the stack bundles it (one esbuild
 * run, the AWS SDK left to the Lambda runtime), then the largest bundles each started in a fresh
 * Node process as the runtime starts a function: the process up, the bundle imported (Lambda's
 * Init Duration), and a first API request answered (one without a token, which the handler turns
 * away before any AWS call). Medians of --cold-runs runs (5).
 *
 * The smallest API bundle is started the same way as the anchor: what starting any function costs on
 * this machine at this moment.
 *
 * Lambda gives a function CPU in proportion to its memory: a full vCPU at 1,769 MB, so a 512 MB
 * function starts about 3.5 times slower than a process with a core of its own. The estimate
 * printed beside each figure scales the measured time by that share; the goal is on the estimate.
 *
 *   npx tsx test/bench/cold-start.ts [--cold-runs 5] [--cold-largest 6]   (also part of `npm run bench`)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { HandlerBundles } from '../../infra/constructs/handler-bundles';
import { REPO_ROOT } from '../../infra/constructs/dvp-function-entry';
import { routes } from '../../functions/routes';
import { pipelineTasks, scheduledJobs } from '../../functions/pipeline';

const GOAL_MS = 500;
const FULL_VCPU_MB = 1769;
const DEFAULT_MEMORY_MB = 512;

interface Started {
  processMs: number;
  importMs: number;
  firstRequestMs: number;
}

/** The script a fresh process runs: times from its own start, so the process launch counts too. */
const CHILD = `
const t0 = performance.now();
const mod = await import(process.argv[1]);
const t1 = performance.now();
const event = { version: '2.0', routeKey: 'GET /api/me', rawPath: '/api/me', headers: {}, requestContext: { requestId: 'cold', http: { method: 'GET', path: '/api/me' } } };
await mod.handler(event, { awsRequestId: 'cold', functionName: 'cold', getRemainingTimeInMillis: () => 30000 });
const t2 = performance.now();
process.stdout.write(JSON.stringify({ boot: t0, imported: t1, answered: t2 }));
`;

function startOnce(bundle: string): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD, pathToFileURL(bundle).href], {
      env: {
        PATH: process.env.PATH,
        AWS_REGION: 'us-east-1',
        TABLE_NAME: 'cold',
        IDEMPOTENCY_TABLE_NAME: 'cold',
        UPLOADS_BUCKET: 'cold',
        USER_POOL_ID: 'us-east-1_cold',
        POWERTOOLS_LOG_LEVEL: 'ERROR',
        // Deployed functions run with active tracing, which loads the Tracer and the X-Ray SDK at import.
        AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
        AWS_XRAY_CONTEXT_MISSING: 'IGNORE_ERROR',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const json = /\{"boot".*\}$/.exec(out.trim());
      if (code !== 0 || !json) return reject(new Error(`${path.basename(path.dirname(bundle))} did not start: ${err.slice(-500)}`));
      const t = JSON.parse(json[0]) as { boot: number; imported: number; answered: number };
      resolve({ processMs: t.boot, importMs: t.imported - t.boot, firstRequestMs: t.answered - t.imported });
    });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function coldStartBench(options: { runs?: number; largest?: number } = {}): Promise<void> {
  const runs = options.runs ?? 5;
  const largest = options.largest ?? 6;
  const memoryOf = new Map<string, number>();
  for (const f of [...routes, ...pipelineTasks, ...scheduledJobs] as Array<{ handler: string; memoryMb?: number }>) {
    memoryOf.set(f.handler, Math.max(memoryOf.get(f.handler) ?? 0, f.memoryMb ?? DEFAULT_MEMORY_MB));
  }
  const apiHandlers = new Set(routes.map((r) => r.handler));
  const outRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'dvp-cold-'));
  // The runtime provides the AWS SDK the bundles leave out; here the repository's copy stands in.
  fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(outRoot, 'node_modules'));
  try {
    const bundles = new HandlerBundles([...memoryOf.keys()], undefined, outRoot);
    const started = Date.now();
    for (const handler of memoryOf.keys()) bundles.codeFor(handler, true);
    const dir = fs.readdirSync(outRoot).find((d) => d !== 'node_modules')!;
    const sized = [...memoryOf.keys()]
      .filter((h) => apiHandlers.has(h))
      .map((handler) => ({ handler, file: path.join(outRoot, dir, handler, 'index.mjs') }))
      .map((b) => ({ ...b, bytes: fs.statSync(b.file).size }))
      .sort((a, b) => b.bytes - a.bytes);
    console.log(`\n== Cold starts: ${memoryOf.size} functions bundled in ${((Date.now() - started) / 1000).toFixed(1)} s; the ${largest} largest API bundles of ${sized.length}, each started ${runs} times in a fresh process (medians)`);
    const rows = [];
    const estimates: number[] = [];
    // The smallest API bundle, started in the same load: what any function costs to start here now.
    for (const [i, b] of [...sized.slice(0, largest), sized.at(-1)!].entries()) {
      const times: Started[] = [];
      for (let i = 0; i < runs; i++) times.push(await startOnce(b.file));
      const total = median(times.map((t) => t.processMs + t.importMs + t.firstRequestMs));
      const memoryMb = memoryOf.get(b.handler)!;
      const estimate = total * Math.max(1, FULL_VCPU_MB / memoryMb);
      if (i < largest) estimates.push(estimate);
      rows.push({
        handler: i < largest ? b.handler : `${b.handler} (smallest, anchor)`,
        'bundle kB': Math.round(b.bytes / 1024),
        'process ms': Math.round(median(times.map((t) => t.processMs))),
        'import ms': Math.round(median(times.map((t) => t.importMs))),
        'first request ms': Math.round(median(times.map((t) => t.firstRequestMs))),
        'here ms': Math.round(total),
        'memory MB': memoryMb,
        [`at its memory's CPU ms (goal ≤ ${GOAL_MS})`]: Math.round(estimate),
      });
    }
    console.table(rows);
    const worst = Math.round(Math.max(...estimates));
    console.log(`cold start, largest API bundles: worst ${worst} ms estimated at the function's memory (goal ≤ ${GOAL_MS} ms); load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`);
  } finally {
    fs.rmSync(outRoot, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name: string, fallback: number) => {
    const i = process.argv.indexOf(name);
    return i >= 0 ? Number(process.argv[i + 1]) : fallback;
  };
  await coldStartBench({ runs: arg('--cold-runs', 5), largest: arg('--cold-largest', 6) });
}
