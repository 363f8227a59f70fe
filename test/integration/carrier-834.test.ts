import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CompareConfig } from '../../shared/compare';
import { comparisonPath, configureDataPoints, createComparison, declareAndPut, listAll, uploadFile, waitForRun } from '../../infra/local/api-flow';
import { api, unhandledErrors } from '../support/api';
import { callAs, companyOf, smallConfig } from '../support/comparison-fixture';
import { generatePair } from '../fixtures/generator/generate';
import { configFor834, configWithout834Gaps, writeX12834 } from '../fixtures/generator/x12-834';

/**
 * An 834 enrollment file as the carrier file of a comparison, through the API on the local stack:
 * the committed small pair's carrier table written as an 834 finds exactly what the same table finds
 * as a CSV, data point by data point and missing row by missing row.
 */
const ADMIN = 'company-admin@demo.example';
const admin = callAs(ADMIN);
const dir = path.resolve(import.meta.dirname, '../fixtures/small');
const csv = (name: string) => readFileSync(path.join(dir, name));

function secondaryTable() {
  const [header, ...lines] = csv('secondary.csv').toString('utf8').trim().split(/\r?\n/);
  return { name: 'secondary', sheet: 'Sheet1', columns: header.split(','), rows: lines.map((l) => l.split(',')) };
}

async function run(name: string, secondary: { name: string; bytes: Buffer; contentType: string }, config: CompareConfig) {
  const { companyId } = await companyOf(ADMIN);
  const comparison = await createComparison(admin, companyId, name);
  const base = comparisonPath(companyId, comparison.id);
  await uploadFile(admin, base, 'BASELINE', { name: 'baseline.csv', bytes: csv('baseline.csv'), contentType: 'text/csv' });
  const file = await uploadFile(admin, base, 'SECONDARY', secondary);
  await configureDataPoints(admin, companyId, base, config, name);
  expect((await api('POST', `${base}/run`, { as: ADMIN })).status).toBe(202);
  const done = await waitForRun(admin, base);
  expect(done.status, done.status_reason).toBe('SUCCEEDED');
  const discrepancies = await listAll(admin, `${base}/data_point_discrepancies?skipverification=true`);
  const missing = await listAll(admin, `${base}/missing_discrepancies`);
  const count = (items: Array<Record<string, string>>, key: string) => items.reduce<Record<string, number>>((o, i) => ({ ...o, [i[key]]: (o[i[key]] ?? 0) + 1 }), {});
  return { file, byType: count(discrepancies, 'suggested_type'), byKind: count(missing, 'kind'), total: discrepancies.length };
}

let asCsv: Awaited<ReturnType<typeof run>>;
let as834: Awaited<ReturnType<typeof run>>;

beforeAll(async () => {
  const table = secondaryTable();
  asCsv = await run(`834 twin (CSV) ${Date.now()}`, { name: 'secondary.csv', bytes: csv('secondary.csv'), contentType: 'text/csv' }, configWithout834Gaps(smallConfig()));
  as834 = await run(`834 ${Date.now()}`, { name: 'carrier-enrollment.834', bytes: Buffer.from(writeX12834(table, { lineBreak: '\n' })), contentType: 'application/edi-x12' }, configFor834(smallConfig()));
}, 240_000);

describe('an 834 as the carrier file', () => {
  it('is read into the 834 columns, one row per member coverage', () => {
    expect(as834.file.columns).toContain('Subscriber SSN');
    expect(as834.file.columns).toContain('Coverage Tier');
    expect(as834.file.row_count).toBe(secondaryTable().rows.length);
  });

  it('finds exactly what the same carrier data finds as a table', () => {
    expect(as834.total).toBeGreaterThan(5);
    expect(as834.byType).toEqual(asCsv.byType);
    expect(as834.byKind).toEqual(asCsv.byKind);
  });

  it('refuses a damaged 834 with the segment named, keeping nothing, and the server keeps serving', async () => {
    const { companyId } = await companyOf(ADMIN);
    const comparison = await createComparison(admin, companyId, `834 broken ${Date.now()}`);
    const base = comparisonPath(companyId, comparison.id);
    // Early in the file the error is met while the header is looked for; late, while rows are stored.
    for (const [rows, wrong] of [
      [20, () => 3],
      [400, (n: number) => n + 2],
    ] as const) {
      const broken = writeX12834(generatePair({ rows, seed: 'broken' }).secondary).replace(/SE\*(\d+)\*0001/, (_m, n: string) => `SE*${wrong(Number(n))}*0001`);
      const declared = await declareAndPut(admin, base, 'SECONDARY', { name: `broken-${rows}.834`, bytes: Buffer.from(broken), contentType: 'application/edi-x12' });
      const parsed = await api('POST', `${base}/files/${declared.id}/parse`, { as: ADMIN, body: {} });
      expect(parsed.status).toBe(400);
      expect(parsed.body.message).toMatch(/^SE \(segment \d+\): SE01 says \d+ segments, the transaction has \d+/);
      const file = await api('GET', `${base}/files/${declared.id}`, { as: ADMIN });
      expect(file.body.columns).toEqual([]);
      expect(file.body.status).toBe('FAILED');
      // A refusal that escaped its stream a second time stopped the whole local server; the
      // process guard now keeps it up, so the record of unhandled errors is what must stay empty.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await api('GET', '/api/health')).status).toBe(200);
      expect(unhandledErrors().map((e) => e.error.message)).toEqual([]);
    }
  });
});
