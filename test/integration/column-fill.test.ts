import { beforeAll, describe, expect, it } from 'vitest';
import { comparisonPath, createComparison, listAll, uploadFile, waitForRun, type Call } from '../../infra/local/api-flow';
import { api } from '../support/api';
import { SPARSE_BASELINE_CSV, SPARSE_POINTS, sparseCarrierWorkbook, XLSX_TYPE } from '../support/sparse-carrier-files';

/**
 * How full each column of an uploaded file is, and amounts as written, through the API on the
 * local stack: a carrier workbook with an empty City column and a premium Excel stored with binary
 * noise, compared with a census.
 */
const ADMIN = 'company-admin@demo.example';
const admin: Call = (method, p, body) => api(method, p, { as: ADMIN, body });

let base: string;
let baseline: { columns: string[]; row_count: number; filled_counts: number[] | null };
let carrier: { columns: string[]; row_count: number; filled_counts: number[] | null };

beforeAll(async () => {
  const companyId = (await api('GET', '/api/me', { as: ADMIN })).body.company_id as string;
  const comparison = await createComparison(admin, companyId, `Column fill ${Date.now()}`);
  base = comparisonPath(companyId, comparison.id);
  baseline = await uploadFile(admin, base, 'BASELINE', { name: 'census.csv', bytes: Buffer.from(SPARSE_BASELINE_CSV), contentType: 'text/csv' });
  carrier = await uploadFile(admin, base, 'SECONDARY', { name: 'carrier.xlsx', bytes: await sparseCarrierWorkbook(), contentType: XLSX_TYPE });
}, 120_000);

describe('column fill and amounts as written', () => {
  it('counts the filled cells of every column of each file', async () => {
    expect(baseline.columns).toEqual(['SSN', 'First Name', 'Last Name', 'City', 'Address 2', 'Monthly Premium']);
    expect(baseline.filled_counts).toEqual([4, 4, 4, 4, 2, 4]);
    expect(carrier.columns).toEqual(['Member ID', 'FNAME', 'LNAME', 'City', 'Address 2', 'Premium']);
    expect(carrier.filled_counts).toEqual([4, 4, 4, 0, 1, 4]);
    const read = await admin('GET', base);
    expect(read.body.secondary_file.filled_counts).toEqual([4, 4, 4, 0, 1, 4]);
  });

  it('suggests no pair with a column that is empty on one side', async () => {
    const res = await admin('GET', `${base}/data_points/suggestions`);
    expect(res.status).toBe(200);
    const pairs = (res.body.suggestions as Array<{ baseline_column_name: string; secondary_column_name: string }>).map((s) => `${s.baseline_column_name} = ${s.secondary_column_name}`);
    expect(pairs).toContain('Address 2 = Address 2');
    expect(pairs).toContain('Monthly Premium = Premium');
    expect(pairs.filter((p) => p.includes('City'))).toEqual([]);
  });

  it('finds the premium Excel stored as 662.17599999999993 as the carrier wrote it, 662.176, one cent from the census', async () => {
    expect((await admin('PUT', `${base}/data_points`, SPARSE_POINTS)).status).toBe(200);
    expect((await admin('POST', `${base}/run`, {})).status).toBe(202);
    const done = await waitForRun(admin, base);
    expect(done.status, done.status_reason).toBe('SUCCEEDED');
    const findings = await listAll(admin, `${base}/data_point_discrepancies?skipverification=true`);
    expect(findings.map((f) => [f.baseline_value, f.secondary_value, f.discrepancy_function_result, f.suggested_type])).toEqual([['662.17', '662.176', 0.01, 'ROUNDING']]);
  });
});
