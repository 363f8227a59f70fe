import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CompareConfig } from '../../shared/compare';
import { comparisonPath, configureDataPoints, createComparison, listAll, uploadFile, waitForRun } from '../../infra/local/api-flow';
import { parseFile } from '../../functions/lib/files';
import { api } from '../support/api';
import { callAs, companyOf } from '../support/comparison-fixture';
import { demoIds } from '../support/users';
import { guardianBaselineCsv, guardianCsv, guardianFixture, guardianXlsx, toCsv, type GuardianFixture } from '../fixtures/generator/guardian-row-based';

/**
 * Guardian row-based conversion through the API on the local stack: the original is PUT to the
 * presigned URL, converted, its counts and masked preview read, the converted .xlsx downloaded and
 * compared cell for cell with the generator's expected table, then attached to a comparison as its
 * SECONDARY file and run against the baseline of the same census.
 */
const ADMIN = 'company-admin@demo.example';
const admin = callAs(ADMIN);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const SEED = 'guardian-integration';

let companyId: string;
let fixture: GuardianFixture;
const conversions = () => `/api/companies/${companyId}/carrier_file_conversions`;

async function upload(name: string, bytes: Buffer, contentType: string, as = ADMIN) {
  const declared = await api('POST', conversions(), { as, body: { name, size: bytes.byteLength, content_type: contentType, source_file_type: 'GUARDIAN_ROW_BASED_ORIGINAL' } });
  expect(declared.status, JSON.stringify(declared.body)).toBe(201);
  const put = await fetch(declared.body.upload_url, { method: 'PUT', headers: declared.body.upload_headers, body: bytes as unknown as BodyInit });
  expect(put.ok).toBe(true);
  return declared.body.conversion as { id: string; status: string };
}

async function convert(name: string, bytes: Buffer, contentType: string) {
  const conversion = await upload(name, bytes, contentType);
  const converted = await api('POST', `${conversions()}/${conversion.id}/convert`, { as: ADMIN, body: {} });
  return { id: conversion.id, converted };
}

beforeAll(async () => {
  ({ companyId } = await companyOf(ADMIN));
  fixture = guardianFixture({ families: 40, seed: SEED, footer: true });
});

describe('a Guardian row-based export converted', () => {
  let id: string;
  let body: any;

  beforeAll(async () => {
    const result = await convert('guardian-eligibility.xlsx', await guardianXlsx(fixture), XLSX);
    id = result.id;
    expect(result.converted.status, JSON.stringify(result.converted.body)).toBe(200);
    body = result.converted.body;
  }, 120_000);

  it('answers its counts and the rows it could not place, with why', () => {
    expect(body.status).toBe('CONVERTED');
    expect(body.counts).toMatchObject(fixture.counts);
    expect(body.unplaced).toEqual(fixture.unplaced.map((u) => ({ ...u, message: expect.any(String) })));
    expect(body.header_row).toBe(fixture.headerRow);
    expect(body.converted_name).toBe('guardian-eligibility (converted).xlsx');
  });

  it('downloads as an .xlsx equal to the expected table cell for cell', async () => {
    const link = await api('GET', `${conversions()}/${id}/download`, { as: ADMIN });
    expect(link.status).toBe(200);
    const bytes = Buffer.from(await (await fetch(link.body.url)).arrayBuffer());
    const parsed = await parseFile(bytes, 'converted.xlsx');
    expect(parsed.columns).toEqual(fixture.expected.columns);
    const rows: string[][] = [];
    for await (const row of parsed.rows) rows.push(row);
    expect(rows.length).toBe(fixture.expected.rows.length);
    rows.forEach((row, i) => expect(row, `row ${i + 2}`).toEqual(fixture.expected.rows[i]));
  });

  it('previews the original and converted rows with SSNs and dates of birth masked', async () => {
    const preview = await api('GET', `${conversions()}/${id}/preview?limit=5`, { as: ADMIN });
    expect(preview.status).toBe(200);
    expect(preview.body.original.rows).toHaveLength(5);
    expect(preview.body.converted.rows).toHaveLength(5);
    const converted = preview.body.converted;
    const first = converted.rows[0];
    expect(first[converted.columns.indexOf('Employee ID')]).toMatch(/^\*\*\*-\*\*-\d{4}$/);
    expect(first[converted.columns.indexOf('Date of Birth')]).toMatch(/^\*\*\/\*\*\/\*\*\*\*$/);
    expect(JSON.stringify(preview.body)).not.toContain(fixture.expected.rows[0]![1]);
  });

  it('reads a CSV of the same export alike', async () => {
    const csv = await convert('guardian-eligibility.csv', guardianCsv(fixture), 'text/csv');
    expect(csv.converted.status).toBe(200);
    expect(csv.converted.body.counts).toEqual(body.counts);
  });

  it('is listed for the company', async () => {
    const list = await api('GET', conversions(), { as: ADMIN });
    expect(list.status).toBe(200);
    expect(list.body.items.map((c: { id: string }) => c.id)).toContain(id);
  });

  it("becomes a comparison's SECONDARY file, read and run against the census baseline", async () => {
    const comparison = await createComparison(admin, companyId, `Guardian ${Date.now()}`);
    const base = comparisonPath(companyId, comparison.id);
    await uploadFile(admin, base, 'BASELINE', { name: 'baseline.csv', bytes: guardianBaselineCsv(fixture, SEED), contentType: 'text/csv' });
    const used = await api('POST', `${conversions()}/${id}/use`, { as: ADMIN, body: { comparison_id: comparison.id } });
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    expect(used.body.conversion.used_in_comparison_ids).toContain(comparison.id);
    let file = used.body.file;
    while (file.status === 'PARSING') {
      await new Promise((r) => setTimeout(r, 300));
      file = (await api('GET', `${base}/files/${file.id}`, { as: ADMIN })).body;
    }
    expect(file.status, file.error).toBe('PARSED');
    const stored = (await api('GET', base, { as: ADMIN })).body.secondary_file;
    expect(stored).toMatchObject({ id: file.id, source_file_type: 'GUARDIAN_ROW_BASED_CONVERTED', renamed: true, row_count: fixture.expected.rows.length });

    const point = (baseline: string, secondary: string, extra: Record<string, unknown> = {}) => ({
      id: baseline,
      baseline_column_name: baseline,
      secondary_column_name: secondary,
      is_unique_identifier: false,
      ...extra,
    });
    const config = {
      data_points: [
        point('SSN', 'Member ID', { is_unique_identifier: true }),
        point('Benefit Type', 'Benefit Type', { is_unique_identifier: true }),
        point('Employee SSN', 'Employee ID'),
        point('First Name', 'First Name'),
        point('Last Name', 'Last Name'),
        point('Relationship', 'Relationship'),
        point('Gender', 'Gender'),
        point('DOB', 'Date of Birth'),
        point('Coverage Tier', 'Coverage Tier', { data_mapping: { fields: [{ source: 'Employee + Children', target: 'Employee + Child(ren)' }] } }),
        point('Monthly Premium', 'Premium'),
        point('Effective Date', 'Effective Date'),
        point('Term Date', 'Term Date'),
      ],
    } as unknown as CompareConfig;
    await configureDataPoints(admin, companyId, base, config, `guardian ${Date.now()}`);
    expect((await api('POST', `${base}/run`, { as: ADMIN })).status).toBe(202);
    const done = await waitForRun(admin, base);
    expect(done.status, done.status_reason).toBe('SUCCEEDED');
    const discrepancies = await listAll(admin, `${base}/data_point_discrepancies?skipverification=true`);
    const missing = await listAll(admin, `${base}/missing_discrepancies`);
    expect(discrepancies).toEqual([]);
    // Employees who elected nothing are one identity row with a blank Benefit Type: a blank identifier
    // part is never joined (docs/compare.md), so every other row matches its baseline row.
    const waived = fixture.expected.rows.filter((r) => r[fixture.expected.columns.indexOf('Benefit Type')] === '').length;
    expect(waived).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  }, 240_000);
});

describe('bad input', () => {
  it('refuses a file that is not a Guardian row-based export, naming the missing columns, and stores nothing', async () => {
    const baseline = readFileSync(path.resolve(import.meta.dirname, '../fixtures/small/baseline.csv'));
    const { id, converted } = await convert('census.csv', baseline, 'text/csv');
    expect(converted.status).toBe(400);
    expect(converted.body.message).toMatch(/^This is not a Guardian row-based file we can convert: no column for Product/);
    const after = await api('GET', `${conversions()}/${id}`, { as: ADMIN });
    expect(after.body).toMatchObject({ status: 'FAILED', converted_name: null, counts: null });
    expect((await api('GET', `${conversions()}/${id}/download`, { as: ADMIN })).status).toBe(400);
  });

  it('refuses employees without a member id, naming their rows', async () => {
    const broken = guardianFixture({ families: 6, seed: 'no-ids', titleRows: false });
    const header = broken.fileRows[0]!;
    const [employeeId, memberSsn] = [header.indexOf('Employee ID'), header.indexOf('Member SSN')];
    const blanked: number[] = [];
    broken.fileRows.forEach((row, i) => {
      if (i > 0 && row[header.indexOf('Relationship Code')] === 'E' && blanked.length < 2) {
        row[employeeId] = '';
        row[memberSsn] = '';
        blanked.push(i + 1);
      }
    });
    const { converted } = await convert('no-ids.csv', toCsv(broken.fileRows), 'text/csv');
    expect(converted.status).toBe(400);
    expect(converted.body.message).toContain(`Rows ${blanked.join(', ')} name employees without a member id`);
  });

  it('refuses other file types and files over the upload limit when they are declared', async () => {
    const declare = (name: string, size: number) =>
      api('POST', conversions(), { as: ADMIN, body: { name, size, content_type: 'application/pdf', source_file_type: 'GUARDIAN_ROW_BASED_ORIGINAL' } });
    const pdf = await declare('eligibility.pdf', 100);
    expect(pdf.status).toBe(400);
    expect(pdf.body.message).toMatch(/cannot be converted/);
    const big = await declare('eligibility.xlsx', 100 * 1024 * 1024 + 1);
    expect(big.status).toBe(413);
  });

  it('refuses to convert before the bytes were uploaded', async () => {
    const declared = await api('POST', conversions(), { as: ADMIN, body: { name: 'later.csv', size: 10, source_file_type: 'GUARDIAN_ROW_BASED_ORIGINAL' } });
    const converted = await api('POST', `${conversions()}/${declared.body.conversion.id}/convert`, { as: ADMIN, body: {} });
    expect(converted.status).toBe(400);
    expect(converted.body.message).toMatch(/has not been uploaded yet/);
  });
});

describe('who may see a conversion', () => {
  let id: string;
  beforeAll(async () => {
    id = (await upload('tenant.csv', guardianCsv(guardianFixture({ families: 3, seed: 'tenant' })), 'text/csv')).id;
  });

  it('is not found for verify-only users of the same company', async () => {
    for (const user of ['company-user@demo.example', 'org-user@demo.example']) {
      expect((await api('GET', `${conversions()}/${id}`, { as: user })).status).toBe(404);
      expect((await api('GET', conversions(), { as: user })).status).toBe(404);
      expect((await api('POST', `${conversions()}/${id}/convert`, { as: user, body: {} })).status).toBe(404);
    }
  });

  it('is not found under another company, even for the platform admin, and another tenant cannot reach it', async () => {
    const ids = await demoIds();
    const other = ids.company2 === companyId ? ids.company3 : ids.company2;
    expect((await api('GET', `/api/companies/${other}/carrier_file_conversions/${id}`, { as: 'admin@demo.example' })).status).toBe(404);
    expect((await api('GET', `/api/companies/${other}/carrier_file_conversions`, { as: ADMIN })).status).toBe(404);
    expect((await api('POST', `/api/companies/${other}/carrier_file_conversions/${id}/use`, { as: ADMIN, body: { comparison_id: 'x' } })).status).toBe(404);
  });
});
