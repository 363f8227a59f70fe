/**
 * Pipeline on the local stack: upload → discrepancies listed, for a generated 10k-row pair, in
 * seconds per stage. Starts the real local stack (`npm start`'s entry) in a child process on free
 * ports with a throwaway data directory, drives the API as a client would (USER_PASSWORD_AUTH
 * sign-in, presigned PUTs), and prints figures only (never values).
 *
 *   npx tsx test/bench/pipeline.ts [--rows 10000]      (also part of `npm run bench`)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEMO_PASSWORD } from '../../infra/local/demo-data';
import { freePort } from '../../infra/local/ports';
import { generatePair, type GeneratedTable } from '../fixtures/generator/generate';
import { csvLine } from '../fixtures/generator/write-files';
import { comparisonPath, configureDataPoints, createComparison, listAll, uploadFile, waitForRun, type Call } from '../../infra/local/api-flow';
import { spawnStack, waitForReady } from '../support/stack-process';

const USER = 'company-admin@demo.example';
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function csvBytes(table: GeneratedTable): Uint8Array {
  let text = csvLine(table.columns);
  for (const row of table.rows) text += csvLine(row);
  return new TextEncoder().encode(text);
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

function client(url: string, token: string): Call {
  return async (method, p, body) => {
    const res = await fetch(`${url}${p}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed as any };
  };
}

export async function pipelineBench(rows = 10_000): Promise<void> {
  console.log(`\n== Pipeline on the local stack: ${rows.toLocaleString('en-US')}-row pair, upload → discrepancies listed`);
  const pair = generatePair({ rows, seed: 'pipeline' });
  const baseline = csvBytes(pair.baseline);
  const secondary = csvBytes(pair.secondary);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dvp-bench-pipeline-'));
  const startedStack = performance.now();
  const stack = await spawnStack({ port: await freePort(), dataDir });
  try {
    const url = await waitForReady(stack);
    console.log(`(local stack ready in ${secs(performance.now() - startedStack)}, not counted)`);
    const call = client(url, await signIn(url));
    const me = (await call('GET', '/api/me')).body as { company_id: string };
    const times: Array<[string, number]> = [];
    const timed = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
      const t = performance.now();
      const value = await work();
      times.push([label, performance.now() - t]);
      return value;
    };

    const t0 = performance.now();
    const comparison = await timed('create comparison', () => createComparison(call, me.company_id, `Bench ${rows} rows`));
    const base = comparisonPath(me.company_id, comparison.id);
    await timed('upload + parse baseline', () => uploadFile(call, base, 'BASELINE', { name: 'baseline.csv', bytes: baseline, contentType: 'text/csv' }));
    await timed('upload + parse carrier', () => uploadFile(call, base, 'SECONDARY', { name: 'carrier.csv', bytes: secondary, contentType: 'text/csv' }));
    await timed('mappings + data points', () => configureDataPoints(call, me.company_id, base, pair.config, `Bench ${comparison.id.slice(0, 8)}`));

    // The run, split by the stages the comparison reports while it is polled.
    const stageSeen = new Map<string, number>();
    const runStart = performance.now();
    const started = await call('POST', `${base}/run`);
    if (started.status !== 202) throw new Error(`run: ${started.status} ${JSON.stringify(started.body)}`);
    const done = await waitForRun(call, base, {
      everyMs: 100,
      timeoutMs: 600_000,
      onProgress: (c) => {
        if (c.status === 'RUNNING' && c.progress?.stage && !stageSeen.has(c.progress.stage)) stageSeen.set(c.progress.stage, performance.now());
      },
    });
    const runEnd = performance.now();
    times.push(['run (POST run → SUCCEEDED)', runEnd - runStart]);
    if (done.status !== 'SUCCEEDED') throw new Error(`run ended ${done.status}: ${done.status_reason}`);

    const [discrepancies, missing] = await timed('list discrepancies + missing rows', () =>
      Promise.all([listAll(call, `${base}/data_point_discrepancies`), listAll(call, `${base}/missing_discrepancies`)]),
    );
    const total = performance.now() - t0;

    console.table(times.map(([stage, ms]) => ({ stage, seconds: Number((ms / 1000).toFixed(2)) })));
    const order = ['loading', 'matching', 'comparing', 'saving'].filter((s) => stageSeen.has(s));
    const marks = order.map((s, i) => ({ stage: s, seconds: Number((((order[i + 1] ? stageSeen.get(order[i + 1]!)! : runEnd) - stageSeen.get(s)!) / 1000).toFixed(2)) }));
    if (marks.length) {
      console.log('run stages as seen by polling every 100 ms (a stage shorter than that may not show):');
      console.table(marks);
    }
    const timings = done.summary?.timings_ms as { compare?: number; save?: number } | undefined;
    if (timings) console.log(`inside the compare task: read + compare ${secs(timings.compare ?? 0)}, delete + save results ${secs(timings.save ?? 0)}`);
    console.log(
      `upload → discrepancies listed: ${secs(total)} for ${rows.toLocaleString('en-US')} × ${done.summary.secondary_rows.toLocaleString('en-US')} rows; ` +
        `${discrepancies.length} discrepancies and ${missing.length} missing/duplicate rows listed (truth: ${pair.truth.differences.length} differences)`,
    );
  } finally {
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--rows');
  await pipelineBench(at > 0 ? Number(process.argv[at + 1]) : 10_000);
}
