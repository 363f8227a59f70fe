import fs from 'node:fs';
import path from 'node:path';
import type { CompareConfig } from '../../shared/compare';
import { comparisonPath, configureDataPoints, createComparison, uploadFile, waitForRun, type Call } from './api-flow';
import { DEMO_PASSWORD } from './demo-data';

/**
 * The demo's finished example comparison: the company admin runs the committed 200-row
 * baseline/carrier pair through the real API and pipeline, exactly as a user's script would, so a
 * first start shows reports and discrepancies to verify. The pair is the project's own generated
 * fixture (test/fixtures/small), with its ground truth beside it.
 */
const FIXTURE_DIR = path.resolve(import.meta.dirname, '../../test/fixtures/small');
export const DEMO_COMPARISON_NAME = 'Example: 2025 enrollment audit';
const DEMO_USER = 'company-admin@demo.example';

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

export async function seedDemoComparison(url: string, pool: { userPoolEndpoint: string; userPoolClientId: string }): Promise<void> {
  const token = await signIn(pool);
  const call: Call = async (method, apiPath, body) => {
    const res = await fetch(`${url}${apiPath}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  const me = (await call('GET', '/api/me')).body as { company_id: string };
  const comparison = await createComparison(call, me.company_id, DEMO_COMPARISON_NAME);
  const base = comparisonPath(me.company_id, comparison.id);
  const file = (name: string) => ({ name, bytes: fs.readFileSync(path.join(FIXTURE_DIR, name)), contentType: 'text/csv' });
  await uploadFile(call, base, 'BASELINE', file('baseline.csv'));
  await uploadFile(call, base, 'SECONDARY', file('secondary.csv'));
  const config = JSON.parse(fs.readFileSync(path.join(FIXTURE_DIR, 'config.json'), 'utf8')) as CompareConfig;
  await configureDataPoints(call, me.company_id, base, config, 'Demo');
  const run = await call('POST', `${base}/run`);
  if (run.status !== 202) throw new Error(`demo run refused (${run.status}): ${JSON.stringify(run.body)}`);
  const finished = await waitForRun(call, base, { timeoutMs: 300_000, everyMs: 1000 });
  if (finished.status !== 'SUCCEEDED') throw new Error(`demo run ended ${finished.status}: ${finished.status_reason ?? ''}`);
}
