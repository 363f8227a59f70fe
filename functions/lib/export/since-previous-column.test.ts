import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { writeDiscrepanciesWorkbook } from './index';

async function workbookOf(write: (out: PassThrough) => Promise<unknown>): Promise<ExcelJS.Workbook> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  await write(out);
  await ended;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return wb;
}

/** The Since Previous Audit column of a sheet, its header first. */
function sinceColumn(sheet: ExcelJS.Worksheet): unknown[] {
  const at = (sheet.getRow(1).values as unknown[]).indexOf('Since Previous Audit');
  expect(at).toBe(sheet.getRow(1).cellCount);
  const values: unknown[] = [];
  for (let r = 1; r <= sheet.rowCount; r++) values.push(sheet.getRow(r).getCell(at).value);
  return values;
}

describe('the discrepancies export says what changed since the previous audit', () => {
  it('has a Since Previous Audit column on both detail sheets: New, Still open since the first sighting, or blank', async () => {
    const person = { unique_identifier: '123456789|MEDICAL', first_name: 'Ann', last_name: 'Lee' };
    const wb = await workbookOf((out) =>
      writeDiscrepanciesWorkbook(out, {
        comparison: { name: 'February', audit_type: 'ENROLLMENT_AUDIT', type: 'COMPARE_ONLY' },
        dataPoints: [{ id: 'dp-premium', baseline_column_name: 'Monthly Premium', secondary_column_name: 'Premium' }],
        discrepancies: [
          { id: 'd1', data_point_id: 'dp-premium', baseline_row_index: 0, secondary_row_index: 0, baseline_value: '1.00', secondary_value: '2.00', ...person, change_status: 'NEW', first_seen_at: '2026-02-04T09:00:00.000Z' },
          { id: 'd2', data_point_id: 'dp-premium', baseline_row_index: 1, secondary_row_index: 1, baseline_value: '1.00', secondary_value: '3.00', ...person, change_status: 'STILL_OPEN', first_seen_at: '2026-01-05T10:00:00.000Z' },
          { id: 'd3', data_point_id: 'dp-premium', baseline_row_index: 2, secondary_row_index: 2, baseline_value: '1.00', secondary_value: '4.00', ...person },
        ] as never,
        missing: [{ id: 'm1', kind: 'MISSING_IN_SECONDARY', baseline_row_index: 3, ...person, change_status: 'STILL_OPEN', first_seen_at: '2025-12-01T10:00:00.000Z' }] as never,
        users: {},
      }),
    );
    expect(sinceColumn(wb.getWorksheet('Discrepancies')!)).toEqual(['Since Previous Audit', 'New', 'Still open since 2026-01-05', null]);
    expect(sinceColumn(wb.getWorksheet('Missing Data')!)).toEqual(['Since Previous Audit', 'Still open since 2025-12-01']);
  });
});
