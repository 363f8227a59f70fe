/**
 * Load on the local stack: 50 clients working as users do for 5 minutes (list comparisons, open
 * one, list its discrepancies, resolve one with PATCH and the updated_at it read, now and then an
 * export). Prints requests/s, p50/p95/p99 per kind, errors (statuses other than 2xx and the 409 of
 * a stale PATCH, and network failures), lost writes (every PATCH answered 200 is read back
 * afterwards: the last one of each discrepancy must be what is stored) and the growth of the
 * server's RSS over the last 4 minutes.
 *
 *   npx tsx test/bench/load.ts [--load-seconds 300] [--clients 50]   (also part of `npm run bench`)
 *     [--read-only] [--read-seconds 30] [--timing] [--route-costs: node and java CPU per request of each kind]
 *     [--profile FILE: the server's CPU profile of the whole run, see infra/local/cpu-profile.ts]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { comparisonPath, configureDataPoints, createComparison, listAll, uploadFile, waitForRun, type Call } from '../../infra/local/api-flow';
import { generatePair, type GeneratedTable } from '../fixtures/generator/generate';
import { csvLine } from '../fixtures/generator/write-files';
import { spawnStack, waitForReady } from '../support/stack-process';
import { signIn } from './pipeline';
import { stackProcesses, statusBytes } from './process-tree';

const FULL_SECONDS = 300;
const RSS_WINDOW_MS = 240_000;
const COMPARISONS = 4;

const csv = (table: GeneratedTable) => new TextEncoder().encode([csvLine(table.columns), ...table.rows.map((r) => csvLine(r))].join(''));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Sample {
  kind: string;
  ms: number;
  status: number;
}

/** Resident memory (bytes) of the stack's processes: node (the server and its in-process handlers) and java (DynamoDB Local). */
function treeRss(rootPid: number): { node: number; java: number } {
  return treeSum(rootPid, (pid) => statusBytes(pid, 'VmRSS'));
}

/** CPU seconds (user + system) the stack's node and java processes have used so far. */
function treeCpu(rootPid: number): { node: number; java: number } {
  const ticks = 100; // USER_HZ on Linux
  return treeSum(rootPid, (pid) => {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticks;
  });
}

function treeSum(rootPid: number, measure: (pid: number) => number): { node: number; java: number } {
  const out = { node: 0, java: 0 };
  for (const { pid, kind } of stackProcesses(rootPid)) {
    try {
      if (kind !== 'other') out[kind] += measure(pid);
    } catch {
      /* the process ended meanwhile */
    }
  }
  return out;
}

/** Mean milliseconds per phase and route of the server's request-timing lines (DVP_REQUEST_TIMING=1). */
function printTiming(output: string) {
  const byRoute = new Map<string, Array<Record<string, number>>>();
  for (const m of output.matchAll(/^request-timing (\{.*\})$/gm)) {
    const line = JSON.parse(m[1]!) as Record<string, number> & { route: string };
    const { route, status: _status, ...phases } = line;
    byRoute.set(route, [...(byRoute.get(route) ?? []), phases]);
  }
  const rows = [...byRoute].map(([route, lines]) => {
    const keys = [...new Set(lines.flatMap((l) => Object.keys(l)))];
    const mean = (k: string) => Number((lines.reduce((n, l) => n + (l[k] ?? 0), 0) / lines.length).toFixed(1));
    return { route, count: lines.length, ...Object.fromEntries(keys.map((k) => [k, mean(k)])) };
  });
  console.log('server-side breakdown, mean ms per request (token check, caller, handler, serialisation; DynamoDB calls and their time):');
  console.table(rows);
}

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const READ_SECONDS = 30;
const READ_ANCHOR_SECONDS = 10;
/**
 * The same load run first and reported apart: DynamoDB Local's JVM and the server's JIT take
 * about 20 s of it to reach their speed (on this machine 480 requests/s in the first 5 s, 710
 * after 25), and a server people use all day is past that.
 */
const READ_WARM_UP_SECONDS = 15;

interface ReadTargets {
  url: string;
  tokens: [orgAdmin: string, companyAdmin: string];
  bases: string[];
  companyId: string;
  organizationId: string;
}

/**
 * `clients` readers for `seconds`, one request after the other without pause: half as the
 * organization admin (who am I, the organizations, the organization's companies, the company's
 * comparisons, one comparison, a page of its discrepancies), half as the company admin (the same
 * without the organization lists).
 */
async function readPhase(targets: ReadTargets, clients: number, seconds: number, only?: ReadKind) {
  const { url, tokens, bases, companyId, organizationId } = targets;
  const samples: Sample[] = [];
  const read = async (token: string, kind: ReadKind, p: string) => {
    if (only && kind !== only) return;
    const t = performance.now();
    let status: number;
    try {
      const res = await fetch(`${url}${p}`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      status = res.status;
    } catch {
      status = 0;
    }
    samples.push({ kind, ms: performance.now() - t, status });
  };
  const started = performance.now();
  const end = started + seconds * 1000;
  const worker = async (n: number) => {
    const orgAdmin = n % 2 === 0 || only === 'organizations' || only === 'companies';
    const token = tokens[orgAdmin ? 0 : 1];
    while (performance.now() < end) {
      const base = bases[Math.floor(Math.random() * bases.length)]!;
      await read(token, 'me', '/api/me');
      if (orgAdmin) {
        await read(token, 'organizations', '/api/organizations?limit=25');
        await read(token, 'companies', `/api/organizations/${organizationId}/companies?limit=25`);
      }
      await read(token, 'comparisons', `/api/companies/${companyId}/comparisons?limit=25`);
      await read(token, 'a comparison', base);
      await read(token, 'discrepancies', `${base}/data_point_discrepancies?limit=100`);
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, i) => worker(i)));
  return { samples, elapsed: (performance.now() - started) / 1000 };
}

/** One line of a figures table; an error is any answer but 200 unless `isError` says otherwise. */
function figuresRow(label: string, list: Sample[], elapsed: number, isError = (s: Sample) => s.status !== 200) {
  const ms = list.map((s) => s.ms).sort((a, b) => a - b);
  return {
    requests: label,
    count: list.length,
    'per s': Number((list.length / elapsed).toFixed(1)),
    'p50 ms': Math.round(pct(ms, 50)),
    'p95 ms': Math.round(pct(ms, 95)),
    'p99 ms': Math.round(pct(ms, 99)),
    errors: list.filter(isError).length,
  };
}

const READ_KINDS = ['me', 'organizations', 'companies', 'comparisons', 'a comparison', 'discrepancies'] as const;
type ReadKind = (typeof READ_KINDS)[number];
const ROUTE_COST_CLIENTS = 10;
const ROUTE_COST_SECONDS = 8;

/**
 * What one request of each kind costs the stack in CPU: each kind read alone by a few clients,
 * the CPU seconds of node and java divided by the requests answered. CPU, not time, so the
 * figure holds on a machine shared with other work.
 */
async function routeCosts(targets: ReadTargets, stackPid: number) {
  console.log(`\nCPU per request by kind (${ROUTE_COST_CLIENTS} clients, ${ROUTE_COST_SECONDS} s each, that kind alone):`);
  const rows = [];
  for (const kind of READ_KINDS) {
    const before = treeCpu(stackPid);
    const { samples, elapsed } = await readPhase(targets, ROUTE_COST_CLIENTS, ROUTE_COST_SECONDS, kind);
    const after = treeCpu(stackPid);
    const perRequest = (s: number) => Number(((s * 1000) / samples.length).toFixed(2));
    rows.push({
      ...figuresRow(kind, samples, elapsed),
      'node ms/req': perRequest(after.node - before.node),
      'java ms/req': perRequest(after.java - before.java),
    });
  }
  console.table(rows);
}

/**
 * The read-only figure: first one client alone (the anchor: what a request costs on this machine
 * at this moment, without queueing), then `clients` together; p99 of the latter against the goal.
 */
async function readBench(targets: ReadTargets, options: { clients: number; seconds: number; stackPid: number }) {
  const { clients, seconds, stackPid } = options;
  console.log(`\n== Reads on the local stack: ${clients} clients for ${seconds} s, no pause between requests (me, organizations, companies, comparisons, a comparison, its discrepancies)`);
  const anchor = await readPhase(targets, 1, READ_ANCHOR_SECONDS);
  const warmUp = await readPhase(targets, clients, READ_WARM_UP_SECONDS);
  const cpuBefore = treeCpu(stackPid);
  const clientBefore = process.cpuUsage();
  const { samples, elapsed } = await readPhase(targets, clients, seconds);
  const clientCpu = process.cpuUsage(clientBefore);
  const cpuAfter = treeCpu(stackPid);
  const kinds = [...new Set(samples.map((s) => s.kind))];
  console.table([...kinds.map((k) => figuresRow(k, samples.filter((s) => s.kind === k), elapsed)), figuresRow('all', samples, elapsed)]);
  const all = figuresRow('all', samples, elapsed);
  const alone = figuresRow('all', anchor.samples, anchor.elapsed);
  const statuses = samples.filter((s) => s.status !== 200).reduce<Record<string, number>>((m, s) => ({ ...m, [s.status]: (m[s.status] ?? 0) + 1 }), {});
  console.log(
    `reads, ${clients} clients: ${all['per s']} requests/s, p50 ${all['p50 ms']} ms, p95 ${all['p95 ms']} ms, p99 ${all['p99 ms']} ms (goal ≤ 150 ms), ` +
      `errors ${all.errors}${all.errors ? ` ${JSON.stringify(statuses)}` : ''}`,
  );
  console.log(`anchor, 1 client alone for ${READ_ANCHOR_SECONDS} s just before: ${alone['per s']} requests/s, p50 ${alone['p50 ms']} ms, p99 ${alone['p99 ms']} ms, errors ${alone.errors}`);
  const warm = figuresRow('all', warmUp.samples, warmUp.elapsed);
  console.log(`warming up, the same ${clients} clients for the ${READ_WARM_UP_SECONDS} s before, not counted above: ${warm['per s']} requests/s, p50 ${warm['p50 ms']} ms, p99 ${warm['p99 ms']} ms, errors ${warm.errors}`);
  const busy = (x: number) => `${x.toFixed(1)} s (${((x / elapsed) * 100).toFixed(0)}% of one core)`;
  console.log(`CPU during the ${clients}-client reads: server (node) ${busy(cpuAfter.node - cpuBefore.node)}, DynamoDB Local (java) ${busy(cpuAfter.java - cpuBefore.java)}, this benchmark's clients ${busy((clientCpu.user + clientCpu.system) / 1e6)}; machine load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`);
}

export async function loadBench(
  options: { seconds?: number; clients?: number; readSeconds?: number; readOnly?: boolean; timing?: boolean; routeCosts?: boolean; profile?: string } = {},
): Promise<void> {
  const seconds = options.seconds ?? FULL_SECONDS;
  const clients = options.clients ?? 50;
  console.log(`\n== Load on the local stack: ${clients} clients for ${seconds} s (list, open, list discrepancies, resolve, export now and then)`);
  if (seconds < FULL_SECONDS) console.log(`(shortened: ${seconds} s instead of ${FULL_SECONDS} s; --load-seconds sets it)`);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dvp-bench-load-'));
  const env = { ...(options.timing ? { DVP_REQUEST_TIMING: '1' } : {}), ...(options.profile ? { DVP_CPU_PROFILE: path.resolve(options.profile) } : {}) };
  const stack = await spawnStack({ dataDir, env });
  try {
    const url = await waitForReady(stack);
    const token = await signIn(url);
    let network = 0;
    const samples: Sample[] = [];
    const call =
      (kind?: string): Call =>
      async (method, p, body) => {
        const t = performance.now();
        let status = 0;
        try {
          const res = await fetch(`${url}${p}`, {
            method,
            headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          status = res.status;
          const text = await res.text();
          return { status, body: text ? JSON.parse(text) : undefined };
        } catch (error) {
          network++;
          return { status: 0, body: { message: (error as Error).message } };
        } finally {
          if (kind) samples.push({ kind, ms: performance.now() - t, status });
        }
      };
    const setup = call();
    const me = (await setup('GET', '/api/me')).body as { company_id: string; organization_id: string };

    // A few finished comparisons with a few hundred discrepancies each to work on (not timed).
    const pair = generatePair({ rows: 2_000, seed: 'load', errorRate: 0.06 });
    const bases: string[] = [];
    for (let i = 0; i < COMPARISONS; i++) {
      const { id } = await createComparison(setup, me.company_id, `Load ${i + 1}`);
      const base = comparisonPath(me.company_id, id);
      await uploadFile(setup, base, 'BASELINE', { name: 'baseline.csv', bytes: csv(pair.baseline), contentType: 'text/csv' });
      await uploadFile(setup, base, 'SECONDARY', { name: 'carrier.csv', bytes: csv(pair.secondary), contentType: 'text/csv' });
      await configureDataPoints(setup, me.company_id, base, pair.config, `Load ${i + 1}`);
      if ((await setup('POST', `${base}/run`)).status !== 202) throw new Error('load setup: run refused');
      const done = await waitForRun(setup, base, { timeoutMs: 300_000 });
      if (done.status !== 'SUCCEEDED') throw new Error(`load setup: run ended ${done.status}: ${done.status_reason}`);
      bases.push(base);
    }
    const total = (await Promise.all(bases.map((b) => listAll(setup, `${b}/data_point_discrepancies?skipverification=true`)))).reduce((n, l) => n + l.length, 0);
    console.log(`(setup: ${COMPARISONS} comparisons, ${total} discrepancies to resolve; not counted)`);

    const before = stack.output().length;
    const tokens: [string, string] = [await signIn(url, 'org-admin@demo.example'), await signIn(url, 'company-admin@demo.example')];
    const targets = { url, tokens, bases, companyId: me.company_id, organizationId: me.organization_id };
    await readBench(targets, { clients, seconds: options.readSeconds ?? READ_SECONDS, stackPid: stack.child.pid! });
    if (options.timing) printTiming(stack.output().slice(before));
    if (options.routeCosts) await routeCosts(targets, stack.child.pid!);
    if (options.readOnly) return;

    const mixedFrom = stack.output().length;
    // Every PATCH answered 200: the notes it wrote and the updated_at it got back.
    const written = new Map<string, { base: string; notes: string; updated_at: string }>();
    let conflicts = 0;
    const started = performance.now();
    const end = started + seconds * 1000;
    const rss: Array<{ at: number; node: number; java: number }> = [];
    const sampler = setInterval(() => rss.push({ at: performance.now() - started, ...treeRss(stack.child.pid!) }), 5_000);
    rss.push({ at: 0, ...treeRss(stack.child.pid!) });

    const worker = async (n: number) => {
      let writes = 0;
      while (performance.now() < end) {
        await call('list comparisons')('GET', `/api/companies/${me.company_id}/comparisons?limit=25`);
        const base = bases[Math.floor(Math.random() * bases.length)]!;
        await call('open comparison')('GET', base);
        const page = await call('list discrepancies')('GET', `${base}/data_point_discrepancies?skipverification=true&limit=100`);
        const items = (page.body?.items ?? []) as Array<{ id: string; updated_at: string }>;
        const item = items[Math.floor(Math.random() * items.length)];
        if (item) {
          const notes = `load c${n} w${++writes}`;
          const res = await call('resolve (PATCH)')('PATCH', `${base}/data_point_discrepancies/${item.id}`, {
            resolved_discrepancy_type: 'COST',
            resolved_notes: notes,
            updated_at: item.updated_at,
          });
          if (res.status === 409) conflicts++;
          if (res.status === 200) {
            const previous = written.get(item.id);
            if (!previous || res.body.updated_at >= previous.updated_at) written.set(item.id, { base, notes, updated_at: res.body.updated_at });
          }
        }
        if (Math.random() < 0.03) await call('export')('POST', `${base}/export`, { kind: 'DISCREPANCIES' });
        await sleep(Math.random() * 100);
      }
    };
    await Promise.all(Array.from({ length: clients }, (_, i) => worker(i)));
    const elapsed = (performance.now() - started) / 1000;
    clearInterval(sampler);
    rss.push({ at: performance.now() - started, ...treeRss(stack.child.pid!) });

    // Lost writes: the stored notes of each discrepancy must be those of its last 200 PATCH.
    const stored = new Map<string, string | undefined>();
    for (const base of bases) for (const d of await listAll(setup, `${base}/data_point_discrepancies?skipverification=true`)) stored.set(d.id, d.resolved_notes);
    let lost = 0;
    for (const [id, w] of written) if (stored.get(id) !== w.notes) lost++;

    const kinds = [...new Set(samples.map((s) => s.kind))];
    const isError = (s: Sample) => s.status === 0 || (s.status >= 300 && !(s.kind === 'resolve (PATCH)' && s.status === 409));
    const row = (label: string, list: Sample[]) => figuresRow(label, list, elapsed, isError);
    console.table([...kinds.map((k) => row(k, samples.filter((s) => s.kind === k))), row('all', samples)]);
    if (options.timing) printTiming(stack.output().slice(mixedFrom));
    const statuses = samples.filter(isError).reduce<Record<string, number>>((m, s) => ({ ...m, [s.status]: (m[s.status] ?? 0) + 1 }), {});
    if (Object.keys(statuses).length) console.log(`errors by status (0 = no answer): ${JSON.stringify(statuses)}`);
    console.log(
      `${samples.length} requests in ${elapsed.toFixed(0)} s: ${(samples.length / elapsed).toFixed(1)} requests/s; ` +
        `PATCH: ${samples.filter((s) => s.kind === 'resolve (PATCH)' && s.status === 200).length} answered 200, ${conflicts} stale (409, expected when two clients pick the same row); ` +
        `lost writes: ${lost} of ${written.size} discrepancies read back`,
    );
    const last = rss[rss.length - 1]!;
    const from = rss.find((r) => r.at >= last.at - RSS_WINDOW_MS) ?? rss[0]!;
    const window = ((last.at - from.at) / 1000).toFixed(0);
    console.log(
      `server RSS over the last ${window} s${last.at < RSS_WINDOW_MS ? ' (the whole run: shorter than 4 minutes)' : ''}: ` +
        `node ${mb(from.node)} → ${mb(last.node)} (${last.node >= from.node ? '+' : ''}${mb(last.node - from.node)}), ` +
        `DynamoDB Local (java) ${mb(from.java)} → ${mb(last.java)}; peak node ${mb(Math.max(...rss.map((r) => r.node)))}`,
    );
    if (network) console.log(`${network} requests got no answer`);
  } finally {
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function loadSecondsFromArgs(argv: string[]): number | undefined {
  const at = argv.indexOf('--load-seconds');
  return at >= 0 ? Number(argv[at + 1]) : undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--clients');
  const read = process.argv.indexOf('--read-seconds');
  await loadBench({
    seconds: loadSecondsFromArgs(process.argv),
    clients: at > 0 ? Number(process.argv[at + 1]) : undefined,
    readSeconds: read > 0 ? Number(process.argv[read + 1]) : undefined,
    readOnly: process.argv.includes('--read-only'),
    timing: process.argv.includes('--timing'),
    routeCosts: process.argv.includes('--route-costs'),
    profile: process.argv.includes('--profile') ? process.argv[process.argv.indexOf('--profile') + 1] : undefined,
  });
}
