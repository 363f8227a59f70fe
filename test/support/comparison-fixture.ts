import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import type { CompareConfig } from '../../shared/compare';
import { api } from './api';
import { comparisonPath, configureDataPoints, uploadFile, waitForRun, type Call } from '../../infra/local/api-flow';

/**
 * A comparison of the small generated pair (test/fixtures/small) that has run to SUCCEEDED, for
 * tests of the steps after Compare. Built on infra/local/api-flow.ts (create → upload → parse → data points
 * → run → poll), as a client would.
 */
const dir = path.resolve(import.meta.dirname, '../fixtures/small');
const file = (name: string) => ({ name, bytes: readFileSync(path.join(dir, name)), contentType: 'text/csv' });
export const smallConfig = () => JSON.parse(readFileSync(path.join(dir, 'config.json'), 'utf8')) as CompareConfig;

export const callAs =
  (user: string): Call =>
  (method, p, body) =>
    api(method, p, { as: user, body });

export async function companyOf(user: string): Promise<{ companyId: string; organizationId: string }> {
  const me = (await api('GET', '/api/me', { as: user })).body;
  return { companyId: me.company_id as string, organizationId: me.organization_id as string };
}

export interface FinishedComparison {
  id: string;
  companyId: string;
  base: string;
}

/** Creates, uploads, configures and runs a comparison of the small pair; answers once SUCCEEDED. */
export async function finishedComparison(
  user: string,
  companyId: string,
  name: string,
  type: 'COMPARE_ONLY' | 'COMPARE_MERGE' | 'MERGE_ONLY' = 'COMPARE_ONLY',
): Promise<FinishedComparison> {
  const call = callAs(user);
  const created = await call('POST', `/api/companies/${companyId}/comparisons`, { name, type, audit_type: 'ENROLLMENT_AUDIT' });
  if (created.status !== 201) throw new Error(`create comparison: ${created.status} ${JSON.stringify(created.body)}`);
  const base = comparisonPath(companyId, created.body.id);
  await uploadFile(call, base, 'BASELINE', file('baseline.csv'));
  await uploadFile(call, base, 'SECONDARY', file('secondary.csv'));
  await configureDataPoints(call, companyId, base, smallConfig(), name);
  const started = await call('POST', `${base}/run`);
  if (started.status !== 202) throw new Error(`run: ${started.status} ${JSON.stringify(started.body)}`);
  const done = await waitForRun(call, base);
  if (done.status !== 'SUCCEEDED') throw new Error(`run ended ${done.status}: ${done.status_reason}`);
  return { id: created.body.id, companyId, base };
}

/** The entities, pointed at the local stack's DynamoDB (for what no route edits). */
export async function stackDb() {
  Object.assign(process.env, {
    TABLE_NAME: 'dvp-local',
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: inject('stackEndpoints').dynamodb,
  });
  return (await import('../../functions/lib/db/service')).db();
}
