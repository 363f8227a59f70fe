import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseFile } from '../../functions/lib/files/parse';
import { listAll } from '../../infra/local/api-flow';
import { api, endpoints } from '../support/api';
import { callAs, companyOf, finishedComparison, stackDb } from '../support/comparison-fixture';

/**
 * The correction file for the carrier and the enrollment as an 834, through the API on the local
 * stack: refused before completion and for bad input, then both formats from the decisions made
 * through the verification API, read back (the workbook by exceljs, the 834 by the platform's own
 * reader and a count of its envelope by hand); verify-only users and other tenants get 404.
 */
const ADMIN = 'company-admin@demo.example';
const VERIFY_ONLY = 'company-user@demo.example';
const admin = callAs(ADMIN);

let companyId: string;
let organizationId: string;
let base: string;
let carrierColumns: string[];
let premium: { carrierRow: number; baselineValue: string; carrierValue: string };
let baselineRows: number;

interface Mail {
  subject?: string;
  body?: { text?: string };
}
async function sentEmails(): Promise<Mail[]> {
  const res = await fetch(`${endpoints().ses}/store`);
  return ((await res.json()) as { emails: Mail[] }).emails;
}

async function download(url: string): Promise<Buffer> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

async function read834(bytes: Buffer) {
  const parsed = await parseFile(Readable.from([bytes]), 'corrections.834');
  const rows: Array<Record<string, string>> = [];
  for await (const row of parsed.rows) rows.push(Object.fromEntries(parsed.columns.map((c, i) => [c, row[i] ?? ''])));
  return rows;
}

/** SE01 against a count of the segments between ST and SE, and each control number against its trailer's. */
function envelope(text: string) {
  const segments = text
    .split('~')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => s.split('*'));
  const one = (tag: string) => segments.find((s) => s[0] === tag)!;
  const st = segments.findIndex((s) => s[0] === 'ST');
  const se = segments.findIndex((s) => s[0] === 'SE');
  return {
    segmentsCounted: se - st + 1,
    se01: Number(one('SE')[1]),
    controls: [one('ISA')[13], one('IEA')[2], one('GS')[6], one('GE')[2], one('ST')[2], one('SE')[2]],
    counts: [one('GE')[1], one('IEA')[1]],
  };
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
  const finished = await finishedComparison(ADMIN, companyId, `Corrections ${Date.now()}`, 'COMPARE_MERGE');
  base = finished.base;
  carrierColumns = readFileSync(path.resolve(import.meta.dirname, '../fixtures/small/secondary.csv'), 'utf8').split('\n')[0]!.trim().split(',');
});

describe('the correction file for the carrier', () => {
  it('refuses a comparison that is not complete (409, saying so) and a format it does not write (400 naming format)', async () => {
    const early = await api('POST', `${base}/correction_files`, { as: ADMIN, body: { format: 'XLSX' } });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/Complete the comparison first/);

    const bad = await api('POST', `${base}/correction_files`, { as: ADMIN, body: { format: 'PDF' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('format');
  });

  it('is written from the decisions once the comparison is complete', async () => {
    const discrepancies = await listAll(admin, `${base}/data_point_discrepancies?skipverification=true`);
    const points = (await api('GET', `${base}/data_points`, { as: ADMIN })).body;
    const premiumPoint = (Array.isArray(points) ? points : points.items).find((p: { baseline_column_name: string }) => p.baseline_column_name === 'Monthly Premium');
    const wrongPremium = discrepancies.find((d) => d.data_point_id === premiumPoint?.id);
    expect(wrongPremium, 'the small pair has a premium discrepancy').toBeTruthy();
    premium = { carrierRow: wrongPremium.secondary_row_index, baselineValue: wrongPremium.baseline_value, carrierValue: wrongPremium.secondary_value };
    const resolved = await api('PATCH', `${base}/data_point_discrepancies/${wrongPremium.id}`, {
      as: ADMIN,
      body: { resolved_discrepancy_type: 'COST', resolved_value_source: 'BASELINE', resolved_notes: 'carrier bills the old rate', updated_at: wrongPremium.updated_at },
    });
    expect(resolved.status).toBe(200);

    const missing = await listAll(admin, `${base}/missing_discrepancies`);
    const enrolledOnly = missing.find((m) => m.kind === 'MISSING_IN_SECONDARY');
    const billedOnly = missing.find((m) => m.kind === 'MISSING_IN_BASELINE');
    const add = await api('PATCH', `${base}/missing_discrepancies/${enrolledOnly.id}`, { as: ADMIN, body: { resolved_inclusion: true, resolved_discrepancy_type: 'MISSING_ENROLLMENT', updated_at: enrolledOnly.updated_at } });
    const term = await api('PATCH', `${base}/missing_discrepancies/${billedOnly.id}`, { as: ADMIN, body: { resolved_inclusion: false, resolved_notes: 'left the company', updated_at: billedOnly.updated_at } });
    expect([add.status, term.status]).toEqual([200, 200]);
    const comparison = (await api('GET', base, { as: ADMIN })).body;
    baselineRows = comparison.summary.baseline_rows;
    const before = await sentEmails();
    const complete = await api('POST', `${base}/complete`, { as: ADMIN, body: { override: true } });
    expect(complete.status).toBe(200);
    // The completion e-mail points at the Complete step, where the correction file is downloaded.
    const mail = (await sentEmails()).slice(before.length).find((m) => m.subject?.includes(comparison.name) && /is complete$/.test(m.subject ?? ''));
    const text = mail?.body?.text ?? '';
    expect(text).toContain('correction file for the carrier');
    expect(text).toContain(`${base.replace(/^\/api/, '')}?step=COMPLETE`);
  });

  it("XLSX: the carrier file's columns, a row per line to add, change or terminate, with the change and the reason", async () => {
    const res = await api('POST', `${base}/correction_files`, { as: ADMIN, body: { format: 'XLSX' } });
    expect(res.status).toBe(200);
    expect(res.body.file_name).toMatch(/Corrections for the carrier\.xlsx$/);
    expect(res.body.rows).toBe(3);

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await download(res.body.url)) as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Corrections')!;
    const headers = (ws.getRow(1).values as unknown[]).slice(1).map(String);
    expect(headers).toEqual([...carrierColumns, 'Action', 'Changes', 'Reason']);
    const rows = Array.from({ length: ws.actualRowCount - 1 }, (_, i) => {
      const values = (ws.getRow(i + 2).values as unknown[]).slice(1);
      return Object.fromEntries(headers.map((h, at) => [h, values[at] === undefined || values[at] === null ? '' : String(values[at])]));
    });
    expect(rows.map((r) => r.Action)).toEqual(['Change', 'Add', 'Terminate']);
    const [change, added, terminated] = rows;
    expect(change!.Premium).toBe(premium.baselineValue);
    expect(change!.Changes).toBe(`Premium: ${premium.carrierValue} → ${premium.baselineValue}`);
    expect(change!.Reason).toBe('Premium: Cost: carrier bills the old rate');
    // The addition speaks the carrier's vocabulary: the benefit type mapped back (MEDICAL → MED).
    expect(['MED', 'DEN', 'VIS', 'BLIFE', 'VLIFE', 'STD']).toContain(added!['Line of Coverage']);
    expect(added!.Reason).toBe('Enrolled, not at the carrier: Missing Enrollment');
    expect(terminated!['Term Date']).toMatch(/^\d{8}$/);
    expect(terminated!.Reason).toBe('At the carrier, not enrolled: left the company');
  });

  it('834: an addition, a change and a termination, read back by the platform to exactly those, with counts and control numbers that agree', async () => {
    const res = await api('POST', `${base}/correction_files`, { as: ADMIN, body: { format: 'X12_834' } });
    expect(res.status).toBe(200);
    expect(res.body.file_name).toMatch(/\.834$/);
    const bytes = await download(res.body.url);
    const rows = await read834(bytes);
    expect(rows.map((r) => r['Coverage Maintenance Type'])).toEqual(['Change', 'Addition', 'Termination']);
    expect(rows[0]!.Premium).toBe(premium.baselineValue);
    expect(rows[2]!['Term Date']).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    const e = envelope(bytes.toString('latin1'));
    expect(e.se01).toBe(e.segmentsCounted);
    expect(Number(e.controls[0])).toBe(Number(e.controls[1]));
    expect(e.controls[2]).toBe(e.controls[3]);
    expect(e.controls[4]).toBe(e.controls[5]);
    expect(e.counts).toEqual(['1', '1']);
  });

  it('is not there for a verify-only user or another tenant (404)', async () => {
    const verifyOnly = await api('POST', `${base}/correction_files`, { as: VERIFY_ONLY, body: { format: 'XLSX' } });
    expect(verifyOnly.status).toBe(404);
    const other = await companyOfAnotherOrganization();
    const foreign = await api('POST', base.replace(`/companies/${companyId}/`, `/companies/${other}/`) + '/correction_files', { as: ADMIN, body: { format: 'XLSX' } });
    expect(foreign.status).toBe(404);
  });
});

describe('the enrollment as a full-file 834', () => {
  it("exports the merged data set from the export route, every line an audit (030), one row per merged row", async () => {
    const res = await api('POST', `${base}/export`, { as: ADMIN, body: { kind: 'X12_834' } });
    expect(res.status).toBe(200);
    expect(res.body.kind).toBe('X12_834');
    expect(res.body.file_name).toMatch(/Merged enrollment\.834$/);
    const rows = await read834(await download(res.body.url));
    // The enrolled-only row was included and the billed-only row excluded: the baseline's rows.
    expect(rows).toHaveLength(baselineRows);
    expect(res.body.counts.rows).toBe(baselineRows);
    expect(new Set(rows.map((r) => r['Maintenance Type']))).toEqual(new Set(['Audit']));
  });
});
