import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api';
import { companyOf, finishedComparison, type FinishedComparison } from '../support/comparison-fixture';

/**
 * The POSTs that must not run twice, on the local stack: the same request with the same
 * Idempotency-Key is answered with the first answer, not done again; another key is a new request.
 */
const ADMIN = 'company-admin@demo.example';
let finished: FinishedComparison;

beforeAll(async () => {
  const { companyId } = await companyOf(ADMIN);
  finished = await finishedComparison(ADMIN, companyId, `Idempotent ${Date.now()}`);
}, 180_000);

const exportWith = (key: string) => api('POST', `${finished.base}/export`, { as: ADMIN, body: { kind: 'DISCREPANCIES' }, headers: { 'Idempotency-Key': key } });

describe('idempotent POSTs', () => {
  it('two identical exports with one key make one workbook; another key makes another', async () => {
    const key = randomUUID();
    const first = await exportWith(key);
    const second = await exportWith(key);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    // Each workbook is a new object with its own presigned link: the same link is the same workbook.
    expect(second.body.url).toBe(first.body.url);
    const other = await exportWith(randomUUID());
    expect(other.status).toBe(200);
    expect(other.body.url).not.toBe(first.body.url);
  });

  it('two identical run requests with one key start one run, and both are told about it', async () => {
    const key = randomUUID();
    const run = () => api('POST', `${finished.base}/run`, { as: ADMIN, headers: { 'Idempotency-Key': key } });
    const first = await run();
    const second = await run();
    expect(first.status).toBe(202);
    // Without the key the second press would be refused while the first run is under way (409).
    expect(second.status).toBe(202);
    expect(first.body.run_id).toEqual(expect.any(String));
    expect(second.body.run_id).toBe(first.body.run_id);
  });
});
