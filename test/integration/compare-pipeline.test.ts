import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { CompareConfig } from '../../shared/compare';
import { api, endpoints } from '../support/api';
import { inlineStringsStyle, openXmlSdkStyle } from '../support/spreadsheet-fixtures';
import { comparisonPath, configureDataPoints, createComparison, listAll, uploadFile, waitForRun, type Call } from '../../infra/local/api-flow';
import { MAX_RESULTS_PAGE } from '../../shared/schemas/results';

/**
 * The comparison pipeline on the local stack, driven through the API as a client would: the small
 * generated pair (test/fixtures/small) against its ground truth, re-runs, the discrepancy limit
 * and its e-mail, tenancy and refusals.
 */
const ADMIN = 'company-admin@demo.example';
const dir = path.resolve(import.meta.dirname, '../fixtures/small');
const file = (name: string) => ({ name, bytes: readFileSync(path.join(dir, name)), contentType: name.endsWith('.csv') ? 'text/csv' : 'application/octet-stream' });
const config = JSON.parse(readFileSync(path.join(dir, 'config.json'), 'utf8')) as CompareConfig;
const truth = JSON.parse(readFileSync(path.join(dir, 'truth.json'), 'utf8')) as { meta: { counts_by_kind: Record<string, number> } };
const MISSING_KINDS = ['MISSING_IN_SECONDARY', 'MISSING_IN_BASELINE', 'DUPLICATE'];
const truthOf = (missingKinds: boolean) => Object.fromEntries(Object.entries(truth.meta.counts_by_kind).filter(([k]) => MISSING_KINDS.includes(k) === missingKinds));

const as =
  (user: string): Call =>
  (method, p, body) =>
    api(method, p, { as: user, body });
const admin = as(ADMIN);

let companyId: string;
let organizationId: string;

async function companyOf(user: string) {
  const me = (await api('GET', '/api/me', { as: user })).body;
  return { companyId: me.company_id as string, organizationId: me.organization_id as string };
}

/** A comparison of the small pair (its CSV files, or their xlsx twins), ready to run. */
async function readyComparison(
  name: string,
  extension: 'csv' | 'xlsx' = 'csv',
  rewrite: { baseline?: (bytes: Buffer) => Promise<Buffer>; secondary?: (bytes: Buffer) => Promise<Buffer> } = {},
): Promise<string> {
  const comparison = await createComparison(admin, companyId, name);
  const base = comparisonPath(companyId, comparison.id);
  const upload = async (side: 'baseline' | 'secondary') => {
    const original = file(`${side}.${extension}`);
    const bytes = rewrite[side] ? await rewrite[side](original.bytes) : original.bytes;
    await uploadFile(admin, base, side === 'baseline' ? 'BASELINE' : 'SECONDARY', { ...original, bytes });
  };
  await upload('baseline');
  await upload('secondary');
  await configureDataPoints(admin, companyId, base, config, name);
  return comparison.id;
}

/** Runs the comparison (202) and answers it once the run has ended. */
async function runToEnd(base: string) {
  expect((await api('POST', `${base}/run`, { as: ADMIN })).status).toBe(202);
  return waitForRun(admin, base);
}

/** The listed results are exactly the pair's truth: discrepancies per type, missing rows per kind. */
async function expectGroundTruth(base: string) {
  const discrepancies = await listAll(admin, `${base}/data_point_discrepancies?skipverification=true`);
  const missing = await listAll(admin, `${base}/missing_discrepancies`);
  expect(countBy(discrepancies, (d) => d.suggested_type)).toEqual(truthOf(false));
  expect(countBy(missing, (m) => m.kind)).toEqual(truthOf(true));
}

function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of items) out[key(item)] = (out[key(item)] ?? 0) + 1;
  return out;
}

/** The entities, pointed at the local stack's DynamoDB (for what no route edits yet). */
async function stackDb() {
  Object.assign(process.env, {
    TABLE_NAME: 'dvp-local',
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: inject('stackEndpoints').dynamodb,
  });
  return (await import('../../functions/lib/db/service')).db();
}

/** The DMS admin sets the organization's limit on its edit form (PATCH); null goes back to the default. */
async function setDiscrepancyLimit(limit: number | null) {
  const current = await api('GET', `/api/organizations/${organizationId}`, { as: 'admin@demo.example' });
  const res = await api('PATCH', `/api/admin/organizations/${organizationId}`, {
    as: 'admin@demo.example',
    body: { discrepancy_limit: limit, updated_at: current.body.updated_at },
  });
  expect(res.status).toBe(200);
  expect(res.body.discrepancy_limit ?? null).toBe(limit);
}

async function companyOfAnotherOrganization(): Promise<string> {
  const db = await stackDb();
  const { data: organizations } = await db.entities.organization.query.all({}).go({ pages: 'all' });
  for (const organization of organizations.filter((o) => o.id !== organizationId)) {
    const { data } = await db.entities.company.query.byOrganization({ organization_id: organization.id }).go();
    if (data[0]) return data[0].id;
  }
  throw new Error('the demo data has no company in another organization');
}

beforeAll(async () => {
  ({ companyId, organizationId } = await companyOf(ADMIN));
});

describe('running a comparison of the small generated pair', () => {
  let comparisonId: string;
  let base: string;

  beforeAll(async () => {
    comparisonId = await readyComparison('Pipeline small pair');
    base = comparisonPath(companyId, comparisonId);
  });

  it('answers 202 with status RUNNING, then SUCCEEDED with the step moved to VIEW_REPORTS', async () => {
    const started = await api('POST', `${base}/run`, { as: ADMIN });
    expect(started.status).toBe(202);
    expect(started.body.status).toBe('RUNNING');

    const done = await waitForRun(admin, base);

    expect(done.status).toBe('SUCCEEDED');
    expect(done.step).toBe('VIEW_REPORTS');
    expect(done.summary.baseline_rows).toBe(200);
  });

  it('lists exactly the ground truth: discrepancies per type and missing rows per kind', async () => {
    await expectGroundTruth(base);
  });

  it('gives discrepancies of a data point with a calculation its result (Monthly Premium: baseline − carrier)', async () => {
    const points = (await admin('GET', `${base}/data_points`)).body;
    const premium = (points.items ?? points).find((p: { baseline_column_name: string }) => p.baseline_column_name === 'Monthly Premium');
    const discrepancies = await listAll(admin, `${base}/data_point_discrepancies?skipverification=true`);
    const mine = discrepancies.filter((d) => d.data_point_id === premium.id);
    const others = discrepancies.filter((d) => d.data_point_id !== premium.id && d.suggested_type === 'NAME_MISMATCH');

    expect(premium.discrepancy_function).toBe('MINUS: BASELINE - SECONDARY');
    expect(mine.length).toBeGreaterThan(0);
    for (const d of mine.filter((x) => x.baseline_value && x.secondary_value)) {
      const expected = Math.round((Number(d.baseline_value) - Number(d.secondary_value)) * 100) / 100;
      expect(d.discrepancy_function_result, `${d.baseline_value} − ${d.secondary_value}`).toBeCloseTo(expected, 2);
    }
    for (const d of others) expect(d.discrepancy_function_result ?? null).toBeNull();
  });

  it('fills identifier and names, and masks SSNs but their last four digits', async () => {
    const discrepancies = await listAll(admin, `${base}/data_point_discrepancies`);
    const missing = await listAll(admin, `${base}/missing_discrepancies`);

    for (const item of [...discrepancies, ...missing]) {
      expect(item.unique_identifier).toMatch(/^\*\*\*-\*\*-\d{4}\|[A-Z_]+$/);
      expect(item.first_name || item.full_name).toBeTruthy();
      expect(JSON.stringify(item)).not.toMatch(/\b\d{3}-?\d{2}-?\d{4}\b/);
    }
  });

  it('filters by data point, type and kind, and pages with {items, next}', async () => {
    const all = await listAll(admin, `${base}/data_point_discrepancies`);
    const one = all[0];
    const byPoint = await listAll(admin, `${base}/data_point_discrepancies?data_point_id=${one.data_point_id}`);
    const byType = await listAll(admin, `${base}/data_point_discrepancies?type=${one.suggested_type}`);
    const onlyAtCarrier = await listAll(admin, `${base}/missing_discrepancies?kind=MISSING_IN_BASELINE`);
    const firstPage = await api('GET', `${base}/data_point_discrepancies?limit=4`, { as: ADMIN });
    const secondPage = await api('GET', `${base}/data_point_discrepancies?limit=4&cursor=${encodeURIComponent(firstPage.body.next)}`, { as: ADMIN });

    expect(byPoint.every((d) => d.data_point_id === one.data_point_id)).toBe(true);
    expect(byPoint.length).toBe(all.filter((d) => d.data_point_id === one.data_point_id).length);
    expect(byType.every((d) => d.suggested_type === one.suggested_type)).toBe(true);
    expect(onlyAtCarrier.map((m) => m.kind)).toEqual(['MISSING_IN_BASELINE']);
    expect(firstPage.body.items).toHaveLength(4);
    expect(typeof firstPage.body.next).toBe('string');
    expect(secondPage.body.items.map((d: any) => d.id)).not.toContain(firstPage.body.items[0].id);
  });

  it('pages through every result in order, without gaps or repeats, at any page size up to the largest', async () => {
    const all = await listAll(admin, `${base}/data_point_discrepancies`, MAX_RESULTS_PAGE);
    const byFours = await listAll(admin, `${base}/data_point_discrepancies`, 4);
    const unresolvedByThrees = await listAll(admin, `${base}/data_point_discrepancies?resolved=false`, 3);
    const missingByTwos = await listAll(admin, `${base}/missing_discrepancies`, 2);
    const tooLarge = await api('GET', `${base}/data_point_discrepancies?limit=${MAX_RESULTS_PAGE + 1}`, { as: ADMIN });

    expect(all).toHaveLength(9);
    expect(byFours.map((d) => d.id)).toEqual(all.map((d) => d.id));
    expect(unresolvedByThrees.map((d) => d.id)).toEqual(all.map((d) => d.id));
    expect(missingByTwos).toHaveLength(3);
    expect(new Set(missingByTwos.map((m) => m.id)).size).toBe(3);
    expect(tooLarge.status).toBe(400);
    expect(JSON.stringify(tooLarge.body)).toContain('limit');
  });

  it('reports the counts VIEW_REPORTS shows', async () => {
    const report = await api('GET', `${base}/report`, { as: ADMIN });

    expect(report.status).toBe(200);
    expect(report.body.cards).toMatchObject({ only_in_baseline: 1, only_at_carrier: 1, duplicates: 1, discrepancies: 9, discrepancies_unresolved: 9 });
    expect(report.body.by_data_point.reduce((n: number, p: any) => n + p.count, 0)).toBe(9);
  });

  it('replaces the results on a re-run instead of doubling them', async () => {
    const before = await listAll(admin, `${base}/data_point_discrepancies`);

    expect((await api('POST', `${base}/run`, { as: ADMIN })).status).toBe(202);
    const done = await waitForRun(admin, base);
    const after = await listAll(admin, `${base}/data_point_discrepancies`);
    const missing = await listAll(admin, `${base}/missing_discrepancies`);

    expect(done.status).toBe('SUCCEEDED');
    expect(after).toHaveLength(before.length);
    expect(missing).toHaveLength(3);
  });
});

describe('refusals', () => {
  it('answers 400 with a message when the comparison has no files yet, and leaves it as it was', async () => {
    const comparison = await createComparison(admin, companyId, 'Pipeline not runnable');

    const res = await api('POST', `${comparisonPath(companyId, comparison.id)}/run`, { as: ADMIN });
    const after = await api('GET', comparisonPath(companyId, comparison.id), { as: ADMIN });

    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/baseline file/i);
    expect(after.body.status ?? null).toBeNull();
  });

  it('answers 404 to a user of another tenant, for the run and for every result read', async () => {
    // A comparison in a company of the other demo organization, created by the platform admin.
    const foreignCompanyId = await companyOfAnotherOrganization();
    const foreign = await createComparison(as('admin@demo.example'), foreignCompanyId, 'Pipeline other tenant');
    const foreignBase = comparisonPath(foreignCompanyId, foreign.id);

    for (const [method, suffix] of [
      ['POST', '/run'],
      ['GET', '/data_point_discrepancies'],
      ['GET', '/missing_discrepancies'],
      ['GET', '/report'],
    ] as const) {
      const direct = await api(method, `${foreignBase}${suffix}`, { as: ADMIN });
      // The foreign comparison's id under the caller's own company: not found either.
      const underOwnCompany = await api(method, `${comparisonPath(companyId, foreign.id)}${suffix}`, { as: ADMIN });
      expect([method, suffix, direct.status]).toEqual([method, suffix, 404]);
      expect([method, suffix, underOwnCompany.status]).toEqual([method, suffix, 404]);
    }
  });

  it('answers 404 to a verify-only user who tries to run', async () => {
    const comparison = await createComparison(admin, companyId, 'Pipeline verify-only');

    const res = await api('POST', `${comparisonPath(companyId, comparison.id)}/run`, { as: 'company-user@demo.example' });

    expect(res.status).toBe(404);
  });
});

describe('the xlsx twin of the pair', () => {
  it('finds exactly the ground truth too: title block above the header, money as 0.00 cells, carrier ids as numbers', async () => {
    const comparisonId = await readyComparison('Pipeline xlsx pair', 'xlsx');
    const base = comparisonPath(companyId, comparisonId);

    const done = await runToEnd(base);

    expect(done.status).toBe('SUCCEEDED');
    expect(done.baseline_file.header_row_index).toBe(3);
    await expectGroundTruth(base);
  });
});

describe('workbooks written by other tools', () => {
  it('finds exactly the ground truth with a baseline from a streaming writer and a carrier file from the Open XML SDK', async () => {
    const comparisonId = await readyComparison('Pipeline xlsx other writers', 'xlsx', { baseline: inlineStringsStyle, secondary: openXmlSdkStyle });
    const base = comparisonPath(companyId, comparisonId);

    const done = await runToEnd(base);

    expect(done.status).toBe('SUCCEEDED');
    await expectGroundTruth(base);
  });
});

describe('the discrepancy limit', () => {
  it('stops the run with FAILED and the message, keeps no results, and sends COMPARISON_DISCREPANCY_LIMIT', async () => {
    const comparisonId = await readyComparison('Pipeline limit');
    const base = comparisonPath(companyId, comparisonId);
    const sentBefore = (await sentEmails()).length;
    await setDiscrepancyLimit(5);
    try {
      expect((await api('POST', `${base}/run`, { as: ADMIN })).status).toBe(202);
      const done = await waitForRun(admin, base);
      const discrepancies = await listAll(admin, `${base}/data_point_discrepancies`);
      const mails = (await sentEmails()).slice(sentBefore);

      expect(done.status).toBe('FAILED');
      expect(done.status_reason).toMatch(/^This comparison found more than 5 discrepancies/);
      expect(done.step).not.toBe('VIEW_REPORTS');
      expect(discrepancies).toHaveLength(0);
      const mail = mails.find((m) => /Pipeline limit/.test(m.subject ?? ''));
      expect(mail?.destination?.to).toContain(ADMIN);
      expect(mail?.subject).toMatch(/more than 5 discrepancies/);
      expect((await api('PATCH', `/api/admin/organizations/${organizationId}`, { as: 'admin@demo.example', body: { discrepancy_limit: 0, updated_at: new Date().toISOString() } })).body.errors).toHaveProperty('discrepancy_limit');
    } finally {
      await setDiscrepancyLimit(null);
    }
  });
});

async function sentEmails(): Promise<Array<{ subject?: string; destination?: { to?: string[] } }>> {
  const res = await fetch(`${endpoints().ses}/store`);
  return ((await res.json()) as { emails: any[] }).emails;
}
