import fs from 'node:fs';
import path from 'node:path';
import type { CompareConfig } from '../../shared/compare';
import { comparisonPath, configureDataPoints, createComparison, listAll, uploadFile, waitForRun, type Call } from './api-flow';
import { DEMO_PASSWORD } from './demo-data';

/**
 * The demo's finished example comparison: the company admin runs the committed 200-row
 * baseline/carrier pair through the real API and pipeline, exactly as a user's script would, so a
 * first start shows reports and discrepancies to verify. The pair is the project's own generated
 * fixture (test/fixtures/small), with its ground truth beside it.
 *
 * Idempotent, found by its name: a start stopped half-way leaves a half-made example, and the next
 * start finishes it (its run started again) or, when it cannot run, replaces it, so the demo
 * company always ends with exactly one finished example and no leftover "Demo" mappings.
 */
const FIXTURE_DIR = path.resolve(import.meta.dirname, '../../test/fixtures/small');
export const DEMO_COMPARISON_NAME = 'Example: 2025 enrollment audit';
const DEMO_USER = 'company-admin@demo.example';
const MAPPING_TAG = 'Demo';
const RUN_WAIT = { timeoutMs: 300_000, everyMs: 1000 };

async function signIn(pool: { userPoolEndpoint: string; userPoolClientId: string }): Promise<string> {
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
  return body.AuthenticationResult.IdToken;
}

/** The points of the seeding a caller can act on, as a start stopped there would. */
export type DemoSeedStep = 'created' | 'run-started';

export async function seedDemoComparison(
  url: string,
  pool: { userPoolEndpoint: string; userPoolClientId: string },
  options: { signal?: AbortSignal; onStep?: (step: DemoSeedStep) => void } = {},
): Promise<void> {
  const token = await signIn(pool);
  const call: Call = async (method, apiPath, body) => {
    options.signal?.throwIfAborted();
    const res = await fetch(`${url}${apiPath}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  const me = (await call('GET', '/api/me')).body as { company_id: string };
  const config = JSON.parse(fs.readFileSync(path.join(FIXTURE_DIR, 'config.json'), 'utf8')) as CompareConfig;

  // Newest first. A finished example stays; a half-made one is finished when it can run.
  const examples = (await listAll(call, `/api/companies/${me.company_id}/comparisons`)).filter((c) => c.name === DEMO_COMPARISON_NAME);
  let kept = examples.find((c) => c.status === 'SUCCEEDED')?.id as string | undefined;
  if (!kept) {
    for (const c of examples) {
      if (await finishRun(call, comparisonPath(me.company_id, c.id))) {
        kept = c.id;
        break;
      }
    }
  }
  for (const c of examples) if (c.id !== kept) await expectDone(await call('DELETE', comparisonPath(me.company_id, c.id)), 'remove a half-made example');
  await removeUnusedMappings(call, me.company_id, config, kept);
  if (kept) return;

  const comparison = await createComparison(call, me.company_id, DEMO_COMPARISON_NAME);
  options.onStep?.('created');
  const base = comparisonPath(me.company_id, comparison.id);
  const file = (name: string) => ({ name, bytes: fs.readFileSync(path.join(FIXTURE_DIR, name)), contentType: 'text/csv' });
  await uploadFile(call, base, 'BASELINE', file('baseline.csv'));
  await uploadFile(call, base, 'SECONDARY', file('secondary.csv'));
  await configureDataPoints(call, me.company_id, base, config, MAPPING_TAG);
  const run = await call('POST', `${base}/run`);
  if (run.status !== 202) throw new Error(`demo run refused (${run.status}): ${JSON.stringify(run.body)}`);
  options.onStep?.('run-started');
  const finished = await waitForRun(call, base, RUN_WAIT);
  if (finished.status !== 'SUCCEEDED') throw new Error(`demo run ended ${finished.status}: ${finished.status_reason ?? ''}`);
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

/** The seed's own mappings ("Demo <column>") that the kept example does not use: left by half-made ones. */
async function removeUnusedMappings(call: Call, companyId: string, config: CompareConfig, kept: string | undefined): Promise<void> {
  const names = new Set(config.data_points.filter((p) => p.data_mapping).map((p) => `${MAPPING_TAG} ${p.baseline_column_name}`));
  const used = new Set<string>();
  if (kept) {
    const points = (await call('GET', `${comparisonPath(companyId, kept)}/data_points`)).body;
    const list = (Array.isArray(points) ? points : points?.items ?? []) as Array<{ data_mapping_id?: string | null }>;
    for (const p of list) if (p.data_mapping_id) used.add(p.data_mapping_id);
  }
  const mappings = await listAll(call, `/api/companies/${companyId}/data_mappings`);
  for (const m of mappings) {
    if (m.company_id === companyId && names.has(m.name) && !used.has(m.id)) await expectDone(await call('DELETE', `/api/companies/${companyId}/data_mappings/${m.id}`), 'remove a leftover mapping');
  }
}

function expectDone(res: { status: number; body?: unknown }, what: string): void {
  if (res.status >= 300 && res.status !== 404) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
}
