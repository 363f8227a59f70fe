import fs from 'node:fs';
import path from 'node:path';
import type { CompareConfig } from '../../shared/compare';
import { comparisonPath, configureDataPoints, listAll, uploadFile, waitForRun, type Call } from './api-flow';
import { DEMO_PASSWORD } from './demo-data';

/**
 * The demo's finished example comparisons, each made through the real API and pipeline exactly as
 * a user's script would, so a first start shows reports and discrepancies to verify. Their files
 * are the project's own generated fixtures (test/fixtures), with their ground truth beside them.
 *
 * Idempotent, each found by its name: a start stopped half-way leaves a half-made example, and the
 * next start finishes it (its run started again) or, when it cannot run, replaces it, so the demo
 * company always ends with exactly one finished example of each and no leftover mappings of theirs.
 */
export const FIXTURE_DIR = path.resolve(import.meta.dirname, '../../test/fixtures/small');
export const DEMO_COMPARISON_NAME = 'Example: 2025 enrollment audit';
export const DEMO_USER = 'company-admin@demo.example';
const RUN_WAIT = { timeoutMs: 300_000, everyMs: 1000 };

export interface DemoPool {
  userPoolEndpoint: string;
  userPoolClientId: string;
}

/** The points of the seeding a caller can act on, as a start stopped there would. */
export type DemoSeedStep = 'created' | 'run-started';

export interface DemoSeedOptions {
  signal?: AbortSignal;
  onStep?: (step: DemoSeedStep, example: string) => void;
}

/** One example comparison: how it is created, and how its files and data points are given. */
export interface DemoExample {
  name: string;
  /** The create body beyond its name (the audit type, the company carrier). */
  create: (call: Call, companyId: string) => Promise<Record<string, unknown>>;
  /** Uploads its files and saves its data points. */
  prepare: (call: Call, companyId: string, base: string) => Promise<void>;
  /** Names of the value mappings it makes, removed when a half-made example left them unused. */
  mappingNames?: () => Set<string>;
}

/** The demo user's API client (signed in through Cognito as the SPA does). */
export async function demoClient(url: string, pool: DemoPool, signal?: AbortSignal): Promise<{ call: Call; companyId: string }> {
  const res = await fetch(pool.userPoolEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: pool.userPoolClientId,
      AuthParameters: { USERNAME: DEMO_USER, PASSWORD: DEMO_PASSWORD },
    }),
  });
  const body = (await res.json()) as { AuthenticationResult?: { IdToken: string } };
  if (!body.AuthenticationResult) throw new Error(`demo sign-in failed (${res.status})`);
  const token = body.AuthenticationResult.IdToken;
  const call: Call = async (method, apiPath, payload) => {
    signal?.throwIfAborted();
    const answer = await fetch(`${url}${apiPath}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      body: payload === undefined ? undefined : JSON.stringify(payload),
      signal,
    });
    const text = await answer.text();
    return { status: answer.status, body: text ? JSON.parse(text) : undefined };
  };
  const me = (await call('GET', '/api/me')).body as { company_id: string };
  return { call, companyId: me.company_id };
}

export const smallConfig = () => JSON.parse(fs.readFileSync(path.join(FIXTURE_DIR, 'config.json'), 'utf8')) as CompareConfig;
export const smallFile = (name: string) => ({ name, bytes: fs.readFileSync(path.join(FIXTURE_DIR, name)), contentType: 'text/csv' });

/** The names configureDataPoints gives the mappings of `config` under `tag`. */
export const mappingNamesOf = (config: CompareConfig, tag: string) =>
  new Set(config.data_points.filter((p) => p.data_mapping).map((p) => `${tag} ${p.baseline_column_name}`));

/** The committed 200-row baseline/carrier pair, as an enrollment audit. */
const MAPPING_TAG = 'Demo';
export const enrollmentExample: DemoExample = {
  name: DEMO_COMPARISON_NAME,
  create: async () => ({ type: 'COMPARE_ONLY', audit_type: 'ENROLLMENT_AUDIT' }),
  prepare: async (call, companyId, base) => {
    await uploadFile(call, base, 'BASELINE', smallFile('baseline.csv'));
    await uploadFile(call, base, 'SECONDARY', smallFile('secondary.csv'));
    await configureDataPoints(call, companyId, base, smallConfig(), MAPPING_TAG);
  },
  mappingNames: () => mappingNamesOf(smallConfig(), MAPPING_TAG),
};

export async function seedDemoComparison(url: string, pool: DemoPool, options: DemoSeedOptions = {}): Promise<void> {
  const { call, companyId } = await demoClient(url, pool, options.signal);
  await ensureExample(call, companyId, enrollmentExample, options);
}

/** Makes sure the company has exactly one finished `example`: kept, finished, or made anew. */
export async function ensureExample(call: Call, companyId: string, example: DemoExample, options: DemoSeedOptions = {}): Promise<void> {
  // Newest first. A finished example stays; a half-made one is finished when it can run.
  const examples = (await listAll(call, `/api/companies/${companyId}/comparisons`)).filter((c) => c.name === example.name);
  let kept = examples.find((c) => c.status === 'SUCCEEDED')?.id as string | undefined;
  if (!kept) {
    for (const c of examples) {
      if (await finishRun(call, comparisonPath(companyId, c.id))) {
        kept = c.id;
        break;
      }
    }
  }
  for (const c of examples) if (c.id !== kept) expectDone(await call('DELETE', comparisonPath(companyId, c.id)), 'remove a half-made example');
  if (example.mappingNames) await removeUnusedMappings(call, companyId, example.mappingNames(), kept);
  if (kept) return;

  const created = await call('POST', `/api/companies/${companyId}/comparisons`, { name: example.name, ...(await example.create(call, companyId)) });
  if (created.status !== 201) throw new Error(`create ${example.name}: ${created.status} ${JSON.stringify(created.body)}`);
  options.onStep?.('created', example.name);
  const base = comparisonPath(companyId, created.body.id);
  await example.prepare(call, companyId, base);
  const run = await call('POST', `${base}/run`);
  if (run.status !== 202) throw new Error(`${example.name}: run refused (${run.status}): ${JSON.stringify(run.body)}`);
  options.onStep?.('run-started', example.name);
  const finished = await waitForRun(call, base, RUN_WAIT);
  if (finished.status !== 'SUCCEEDED') throw new Error(`${example.name}: run ended ${finished.status}: ${finished.status_reason ?? ''}`);
}

/**
 * Runs a half-made example to the end when it can run (its files read, its data points saved);
 * a run left RUNNING by a stopped start is started again (the run route allows it once the
 * execution is gone) or, when still under way, waited for. False when it cannot be finished.
 */
async function finishRun(call: Call, base: string): Promise<boolean> {
  const run = await call('POST', `${base}/run`);
  if (run.status !== 202 && run.status !== 409) return false;
  const done = await waitForRun(call, base, RUN_WAIT);
  return done.status === 'SUCCEEDED';
}

/** The example's own mappings that the kept example does not use: left by half-made ones. */
async function removeUnusedMappings(call: Call, companyId: string, names: Set<string>, kept: string | undefined): Promise<void> {
  const used = new Set<string>();
  if (kept) {
    const points = (await call('GET', `${comparisonPath(companyId, kept)}/data_points`)).body;
    const list = (Array.isArray(points) ? points : points?.items ?? []) as Array<{ data_mapping_id?: string | null }>;
    for (const p of list) if (p.data_mapping_id) used.add(p.data_mapping_id);
  }
  const mappings = await listAll(call, `/api/companies/${companyId}/data_mappings`);
  for (const m of mappings) {
    if (m.company_id === companyId && names.has(m.name) && !used.has(m.id)) expectDone(await call('DELETE', `/api/companies/${companyId}/data_mappings/${m.id}`), 'remove a leftover mapping');
  }
}

export function expectDone(res: { status: number; body?: unknown }, what: string): void {
  if (res.status >= 300 && res.status !== 404) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
}
