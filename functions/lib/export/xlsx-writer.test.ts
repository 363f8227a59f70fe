import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { IMPORT_KINDS } from '../../../shared/imports';
import type { RenewalPlanningResponse, RenewalSummaryResponse } from '../../../shared/schemas/renewal';
import { guardianFixture, toCsv } from '../../../test/fixtures/generator/guardian-row-based';
import { convertGuardianFile } from '../carrier-file-conversions/guardian-file';
import { importTemplate } from '../imports/template';
import { planningWorkbook, renewalsWorkbook } from '../renewals/report-workbooks';
import { writeDiscrepanciesWorkbook, writeMergedWorkbook } from './index';
import { openWorkbookWriter, writeWorkbook } from './xlsx-writer';

/**
 * Every workbook the platform writes, fed text that Excel would evaluate, must come out with that
 * text escaped (a leading apostrophe) in every cell, Summary sheets included; numbers stay numbers.
 */
const HYPERLINK = '=HYPERLINK("http://evil.example","Click")';
const PROBES = [HYPERLINK, '+1', '@x', '-A1'];

async function bytesOf(write: (out: Writable) => Promise<unknown>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  await write(out);
  await ended;
  return Buffer.concat(chunks);
}

async function cellsOf(bytes: Buffer): Promise<Array<{ sheet: string; value: ExcelJS.CellValue }>> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const cells: Array<{ sheet: string; value: ExcelJS.CellValue }> = [];
  wb.eachSheet((ws) => ws.eachRow((row) => row.eachCell((cell) => cells.push({ sheet: ws.name, value: cell.value }))));
  return cells;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?(\d+\.?\d*|\.\d+)$/;

/** Text cells Excel would evaluate, and formula cells: none may be written. */
function evaluable(cells: Array<{ sheet: string; value: ExcelJS.CellValue }>) {
  return cells.filter(({ value }) =>
    typeof value === 'string' ? FORMULA_START.test(value) && !PLAIN_NUMBER.test(value.trim()) : !!value && typeof value === 'object' && 'formula' in value,
  );
}

/** Where each probe landed, escaped: proves the probe was written at all. */
function escapedProbes(cells: Array<{ sheet: string; value: ExcelJS.CellValue }>, probes: readonly string[] = PROBES) {
  const texts = cells.map((c) => c.value).filter((v): v is string => typeof v === 'string');
  return probes.filter((p) => texts.some((t) => t.includes(`'${p}`)));
}

describe('the workbook writer escapes every text cell', () => {
  it('streamed: rows added, cells set after, header and summary alike; negative numbers stay numbers', async () => {
    const bytes = await bytesOf(async (out) => {
      const wb = openWorkbookWriter(out, { useStyles: true });
      const ws = wb.addWorksheet('Sheet');
      ws.addRow([HYPERLINK, '+1', '-2', '@x', -2, 'Smith']).commit();
      const row = ws.addRow(['plain']);
      row.getCell(2).value = '=1+1';
      row.commit();
      ws.addRow(['-A1']); // committed with the sheet
      ws.commit();
      await wb.commit();
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Sheet')!;
    expect(ws.getRow(1).values).toEqual([undefined, `'${HYPERLINK}`, "'+1", '-2', "'@x", -2, 'Smith']);
    expect(ws.getRow(2).getCell(2).value).toBe("'=1+1");
    expect(ws.getRow(3).getCell(1).value).toBe("'-A1");
  });

  it('in memory: every cell of every sheet', async () => {
    const bytes = await writeWorkbook((wb) => {
      const ws = wb.addWorksheet('One');
      ws.columns = [{ header: '@header', key: 'a' }, { header: 'Amount', key: 'b' }];
      ws.addRow({ a: HYPERLINK, b: -2 });
      wb.addWorksheet('Two').getCell('C3').value = '+1';
    });
    const cells = await cellsOf(bytes);
    expect(evaluable(cells)).toEqual([]);
    expect(cells).toContainEqual({ sheet: 'One', value: "'@header" });
    expect(cells).toContainEqual({ sheet: 'One', value: `'${HYPERLINK}` });
    expect(cells).toContainEqual({ sheet: 'One', value: -2 });
    expect(cells).toContainEqual({ sheet: 'Two', value: "'+1" });
  });
});

describe('each workbook the platform writes', () => {
  it('the discrepancies export, its Summary included', async () => {
    const bytes = await bytesOf((out) =>
      writeDiscrepanciesWorkbook(out, {
        comparison: { name: HYPERLINK, audit_type: 'ENROLLMENT_AUDIT', type: 'COMPARE_ONLY', run_date: '2025-01-15T12:00:00.000Z' },
        dataPoints: [
          { id: 'dp-id', baseline_column_name: 'Employee ID', secondary_column_name: 'Member ID', is_unique_identifier: true },
          { id: 'dp-plan', baseline_column_name: '+Plan', secondary_column_name: 'Plan' },
        ],
        discrepancies: (async function* () {
          yield { id: 'd1', data_point_id: 'dp-plan', baseline_row_index: 0, secondary_row_index: 0, unique_identifier: '@x', first_name: '-A1', last_name: 'Lee', baseline_value: '+1', secondary_value: HYPERLINK };
        })(),
        missing: [{ id: 'm1', kind: 'MISSING_IN_SECONDARY', baseline_row_index: 1, unique_identifier: '+1', resolved_inclusion: null }],
        users: new Map(),
      }),
    );
    const cells = await cellsOf(bytes);
    expect(evaluable(cells)).toEqual([]);
    expect(escapedProbes(cells)).toEqual(PROBES);
    expect(cells.some((c) => c.sheet === 'Summary' && c.value === `'${HYPERLINK}`)).toBe(true);
  });

  it('the merged export', async () => {
    const bytes = await bytesOf((out) =>
      writeMergedWorkbook(out, { columns: ['Name', 'Amount', '@Note'], rows: [[HYPERLINK, -2, '+1'], ['-A1', '-2', '@x']], comparison: { name: '+Q1', audit_type: 'ENROLLMENT_AUDIT', type: 'MERGE', run_date: null } }),
    );
    const cells = await cellsOf(bytes);
    expect(evaluable(cells)).toEqual([]);
    expect(escapedProbes(cells)).toEqual(PROBES);
    expect(cells.some((c) => c.value === -2)).toBe(true);
  });

  it('the renewals report, its Summary included', async () => {
    const row = {
      organization_id: 'o1', company_name: HYPERLINK, carrier_name: '@x', month: 'JANUARY', year: 2026, effective_date: '2026-01-01', step: 'CLIENT_INFORMATION',
      client_info_status: 'NOT_STARTED', plans_checklist_status: 'NOT_STARTED', demo_environment_status: 'NOT_STARTED',
      owners: [{ first_name: '-A1', last_name: null, email: 'a@example.com' }], days_to_go_live: -2, overdue: true, updated_at: '2026-01-01T00:00:00.000Z',
    } as unknown as RenewalSummaryResponse;
    const book = await renewalsWorkbook([row], new Map([['o1', '+1']]), '+1');
    const cells = await cellsOf(Buffer.from(book.content_base64, 'base64'));
    expect(evaluable(cells)).toEqual([]);
    expect(escapedProbes(cells)).toEqual(PROBES);
    expect(cells).toContainEqual({ sheet: 'Summary', value: "'+1" });
    expect(cells).toContainEqual({ sheet: 'Renewals', value: -2 });
  });

  it('the renewal planning report, its Summary included', async () => {
    const planning = {
      months: [{
        month: 'JANUARY', year: 2026,
        totals: { company_carriers: 1, plans: 1, eligible: 1, enrolled: 1, renewals_started: 0, kickoffs_due: 0 },
        company_carriers: [{ organization_name: HYPERLINK, company_name: '+1', carrier_name: '@x', plans: [{ name: '-A1' }], eligible: -2, enrolled: 0, kickoff_date: '2025-11-01', kickoff_due: false, renewal: null, renewals_disabled: false }],
      }],
    } as unknown as RenewalPlanningResponse;
    const book = await planningWorkbook(planning, '@x');
    const cells = await cellsOf(Buffer.from(book.content_base64, 'base64'));
    expect(evaluable(cells)).toEqual([]);
    expect(escapedProbes(cells)).toEqual(PROBES);
    expect(cells).toContainEqual({ sheet: 'Summary', value: "'@x" });
  });

  it('the converted Guardian file', async () => {
    const fixture = guardianFixture({ families: 3, seed: 'formula-cells' });
    const rows = fixture.fileRows.map((r) => [...r]);
    const header = rows[fixture.headerRow - 1]!;
    const first = header.findIndex((h) => /first name/i.test(h));
    const last = header.findIndex((h) => /last name/i.test(h));
    const address = header.findIndex((h) => /address/i.test(h));
    const city = header.findIndex((h) => /city/i.test(h));
    expect(Math.min(first, last, address, city)).toBeGreaterThanOrEqual(0);
    for (const r of rows.slice(fixture.headerRow)) {
      if (r[first]) r[first] = HYPERLINK;
      if (r[last]) r[last] = '+1';
      if (r[address]) r[address] = '@x';
      if (r[city]) r[city] = '-A1';
    }
    const bytes = await bytesOf((out) => convertGuardianFile(toCsv(rows), 'eligibility.csv', out));
    const cells = await cellsOf(bytes);
    expect(evaluable(cells)).toEqual([]);
    expect(escapedProbes(cells)).toEqual(PROBES);
  });

  it('the import templates', async () => {
    for (const kind of IMPORT_KINDS) {
      const cells = await cellsOf(Buffer.from((await importTemplate(kind)).content_base64, 'base64'));
      expect(cells.length).toBeGreaterThan(0);
      expect(evaluable(cells)).toEqual([]);
    }
  });
});
