import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api';
import { listAll } from '../../infra/local/api-flow';
import { callAs, companyOf, finishedComparison } from '../support/comparison-fixture';

/**
 * A compare-only audit's export on the local stack: the export columns (here from an applied
 * export template) choose, order, rename and SSN-format the member columns of the discrepancies
 * workbook, the way they shape a merged file; the discrepancy and missing sheets keep their meaning.
 */
const ADMIN = 'company-admin@demo.example';
const admin = callAs(ADMIN);

async function exported(base: string): Promise<ExcelJS.Workbook> {
  const res = await api('POST', `${base}/export`, { as: ADMIN, body: { kind: 'DISCREPANCIES' } });
  expect(res.status).toBe(200);
  const file = await fetch(res.body.url);
  expect(file.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await file.arrayBuffer()) as ArrayBuffer);
  return wb;
}

const headersOf = (ws: ExcelJS.Worksheet) => (ws.getRow(1).values as unknown[]).slice(1).map((v) => String(v ?? ''));

/** Column values of a sheet by header, data rows only. */
function column(ws: ExcelJS.Worksheet, header: string): unknown[] {
  const at = headersOf(ws).indexOf(header) + 1;
  expect(at, `column ${header}`).toBeGreaterThan(0);
  const out: unknown[] = [];
  for (let r = 2; r <= ws.actualRowCount; r++) out.push(ws.getRow(r).getCell(at).value);
  return out;
}

let companyId: string;
let base: string;

beforeAll(async () => {
  ({ companyId } = await companyOf(ADMIN));
  ({ base } = await finishedComparison(ADMIN, companyId, `Compare-only export ${Date.now()}`, 'COMPARE_ONLY'));
});

describe('a compare-only audit exported with export columns', () => {
  it('keeps the fixed member columns while no export column is chosen', async () => {
    const wb = await exported(base);

    expect(headersOf(wb.getWorksheet('Discrepancies')!).slice(0, 6)).toEqual(['Unique Identifier', 'First Name', 'Last Name', 'Full Name', 'Relationship', 'Data Point']);
  });

  it('writes the applied template: columns reordered, renamed, a carrier column, and SSNs with dashes', async () => {
    const template = await api('POST', `/api/companies/${companyId}/export_columns_templates`, {
      as: ADMIN,
      body: {
        name: `Compare-only members ${Date.now()}`,
        columns: [
          { baseline_column_name: 'Last Name', index: 0, renamed_column_name: 'Surname' },
          { baseline_column_name: 'SSN', index: 1, formatting_rule: 'SSN_WITH_DASHES' },
          { secondary_column_name: 'Product', index: 2, renamed_column_name: 'Carrier Plan' },
          { baseline_column_name: 'DOB', index: 3 },
        ],
      },
    });
    expect(template.status).toBe(201);
    const applied = await api('POST', `${base}/export_columns/apply_template`, { as: ADMIN, body: { template_id: template.body.id } });
    expect(applied.status).toBe(200);

    const wb = await exported(base);
    const discrepancies = wb.getWorksheet('Discrepancies')!;
    const missing = wb.getWorksheet('Missing Data')!;

    expect(wb.worksheets[0]!.name).toBe('Summary');
    // The identifier is SSN and benefit type; only the SSN is chosen, so the Unique Identifier column stays.
    expect(headersOf(discrepancies).slice(0, 6)).toEqual(['Unique Identifier', 'Surname', 'SSN', 'Carrier Plan', 'DOB', 'Data Point']);
    expect(headersOf(missing).slice(0, 7)).toEqual(['Kind', 'Unique Identifier', 'Surname', 'SSN', 'Carrier Plan', 'DOB', 'Baseline Row']);

    // Every discrepancy and missing row is still there, each with its member's cells from its rows.
    const stored = await listAll(admin, `${base}/data_point_discrepancies?skipverification=true`);
    const storedMissing = await listAll(admin, `${base}/missing_discrepancies`);
    expect(discrepancies.actualRowCount - 1).toBe(stored.length);
    expect(missing.actualRowCount - 1).toBe(storedMissing.length);
    const surnames = column(discrepancies, 'Surname').map(String);
    expect(new Set(surnames)).toEqual(new Set(stored.map((d) => d.last_name)));

    // SSN_WITH_DASHES on the SSN column and on the SSN part of the identifier, in both sheets.
    for (const ws of [discrepancies, missing]) {
      const ssns = column(ws, 'SSN').map((v) => String(v ?? ''));
      expect(ssns.filter(Boolean).length).toBeGreaterThan(0);
      expect(ssns.filter((v) => v && !/^\d{3}-\d{2}-\d{4}$/.test(v))).toEqual([]);
      const ids = column(ws, 'Unique Identifier').map((v) => String(v ?? ''));
      expect(ids.filter((v) => !/^\d{3}-\d{2}-\d{4}\|/.test(v))).toEqual([]);
    }
    // A carrier-only row has no baseline row: its SSN comes from the carrier's Member ID (the data point pairs them).
    const kinds = column(missing, 'Kind').map(String);
    const carrierOnly = kinds.findIndex((k) => /Only at carrier/.test(k));
    expect(carrierOnly).toBeGreaterThanOrEqual(0);
    expect(String(column(missing, 'SSN')[carrierOnly])).toMatch(/^\d{3}-\d{2}-\d{4}$/);
    // The carrier column is the carrier's text; the date of birth is a date cell.
    expect(column(discrepancies, 'Carrier Plan').filter((v) => typeof v === 'string' && v.length > 0).length).toBeGreaterThan(0);
    expect(column(discrepancies, 'DOB').some((v) => v instanceof Date)).toBe(true);
  });
});
