import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { resolveExportColumns } from '../../../shared/export-columns';
import { buildMergedRows } from '../../../shared/merge';
import type { DataPointDiscrepancy, MissingDiscrepancy } from '../../../shared/resolution';
import { columnKindOf, escapeFormula, ssnText, typedCell } from './cells';
import { writeDiscrepanciesWorkbook, writeMergedWorkbook } from './index';

async function toBuffer(write: (out: PassThrough) => Promise<unknown>): Promise<Buffer> {
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

async function readBack(buffer: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  return wb;
}

const dataPoints = [
  { id: 'dp-ssn', baseline_column_name: 'SSN', secondary_column_name: 'Member ID', is_unique_identifier: true },
  { id: 'dp-premium', baseline_column_name: 'Monthly Premium', secondary_column_name: 'Premium' },
  { id: 'dp-dob', baseline_column_name: 'Date of Birth', secondary_column_name: 'DOB' },
  { id: 'dp-plan', baseline_column_name: 'Plan', secondary_column_name: 'Plan Name' },
];

function discrepancy(i: number): DataPointDiscrepancy {
  const kind = i % 3;
  const base = {
    id: `d${i}`,
    baseline_row_index: i,
    secondary_row_index: i + 1,
    unique_identifier: String(10000000 + i).padStart(9, '0'),
    first_name: 'Ann',
    last_name: `Lee${i}`,
    relationship: 'EE',
  };
  if (kind === 0) return { ...base, data_point_id: 'dp-premium', baseline_value: '100.00', secondary_value: '-12.5', discrepancy_function_result: 112.5 };
  if (kind === 1) return { ...base, data_point_id: 'dp-dob', baseline_value: '01/31/1980', secondary_value: '02/01/1980' };
  return { ...base, data_point_id: 'dp-plan', baseline_value: 'PPO', secondary_value: '=HYPERLINK("http://x","y")' };
}

async function* asyncOf<T>(items: T[]): AsyncGenerator<T> {
  for (const i of items) yield i;
}

describe('cells', () => {
  it('escapes formula starts but keeps plain negative numbers', () => {
    expect(escapeFormula('=1+1')).toBe("'=1+1");
    expect(escapeFormula('+1')).toBe("'+1");
    expect(escapeFormula('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(escapeFormula('\tx')).toBe("'\tx");
    expect(escapeFormula('\rx')).toBe("'\rx");
    expect(escapeFormula('-A1')).toBe("'-A1");
    expect(escapeFormula('-12.50')).toBe('-12.50');
    expect(escapeFormula('Smith')).toBe('Smith');
  });

  it('types money, dates, SSNs by column', () => {
    expect(columnKindOf('Monthly Premium')).toBe('money');
    expect(columnKindOf('Date of Birth')).toBe('date');
    expect(columnKindOf('Member ID')).toBe('ssn');
    expect(columnKindOf('Plan')).toBe('text');
    expect(typedCell('$1,234.567', 'money')).toEqual({ value: 1234.57, numFmt: '#,##0.00' });
    expect(typedCell('(12.00)', 'money')).toEqual({ value: -12, numFmt: '#,##0.00' });
    expect(typedCell('01/31/1980', 'date', { dateFormat: 'MM/dd/yyyy' }).value).toEqual(new Date(Date.UTC(1980, 0, 31)));
    expect(typedCell('not a date', 'date', { dateFormat: 'MM/dd/yyyy' })).toEqual({ value: 'not a date' });
    expect(typedCell(12345678, 'ssn')).toEqual({ value: '012345678' });
    expect(ssnText('012345678', 'SSN_WITH_DASHES')).toBe('012-34-5678');
    expect(ssnText(12345678, 'SSN_WITHOUT_DASHES')).toBe('012345678');
    expect(typedCell(-5, 'text')).toEqual({ value: -5 });
  });
});

describe('writeDiscrepanciesWorkbook', () => {
  it('writes Summary first, every row, frozen bold headers with filters, dates, money, escaped formulas', async () => {
    const N = 1500; // more than the date sample, so both the sampled and the streamed path are used
    const items = Array.from({ length: N }, (_, i) => discrepancy(i));
    items[0] = { ...items[0]!, resolved_discrepancy_type: 'COST', resolved_value: '-12.5', resolved_by_user_id: 'u1', resolved_date: '2025-02-01T10:00:00.000Z', resolved_notes: 'carrier rate' };
    items[1] = { ...items[1]!, resolved_discrepancy_type: 'IGNORE', resolved_ignore: true, resolved_by_user_id: 'u2', resolved_date: '2025-02-02T10:00:00.000Z' };
    const missing: MissingDiscrepancy[] = [
      { id: 'm1', kind: 'MISSING_IN_SECONDARY', baseline_row_index: 4, unique_identifier: '001234567', resolved_inclusion: false, resolved_discrepancy_type: 'TERM', resolved_by_user_id: 'u1', resolved_date: '2025-02-03T00:00:00.000Z' },
      { id: 'm2', kind: 'MISSING_IN_BASELINE', secondary_row_index: 9, unique_identifier: '+1-formula', resolved_inclusion: null },
      { id: 'm3', kind: 'DUPLICATE', side: 'BASELINE', baseline_row_index: 1, duplicate_identifier_row_index: 7, unique_identifier: '111111111' },
    ];
    let counts: unknown;
    const buffer = await toBuffer(async (out) => {
      counts = await writeDiscrepanciesWorkbook(out, {
        comparison: { name: 'Q1 Dental', audit_type: 'ENROLLMENT_AUDIT', type: 'COMPARE_ONLY', run_date: '2025-01-15T12:00:00.000Z' },
        dataPoints,
        discrepancies: asyncOf(items),
        missing,
        users: new Map([['u1', 'Ada Auditor'], ['u2', 'Vic Verifier']]),
        generatedAt: new Date('2025-03-01T00:00:00.000Z'),
      });
    });
    expect(counts).toEqual({ discrepancies: N, missing: 3 });
    const wb = await readBack(buffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Summary', 'Discrepancies', 'Missing Data']);

    const ws = wb.getWorksheet('Discrepancies')!;
    expect(ws.rowCount - 1).toBe(N); // the full detail, never a sample
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.autoFilter).toBeTruthy();
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    const col = (name: string) => ws.getRow(1).values && (ws.getRow(1).values as unknown[]).indexOf(name);

    // row 2 = discrepancy 0 (premium): money cells, negative stays numeric
    const r2 = ws.getRow(2);
    expect(r2.getCell(col('Baseline Value')).value).toBe(100);
    expect(r2.getCell(col('Baseline Value')).numFmt).toBe('#,##0.00');
    expect(r2.getCell(col('Carrier Value')).value).toBe(-12.5);
    expect(r2.getCell(col('Resolved Value')).value).toBe(-12.5);
    expect(r2.getCell(col('Unique Identifier')).value).toBe('010000000');
    expect(r2.getCell(col('Status')).value).toBe('Resolved');
    expect(r2.getCell(col('Discrepancy Type')).value).toBe('Cost');
    expect(r2.getCell(col('Notes')).value).toBe('carrier rate');
    expect(r2.getCell(col('Resolved By')).value).toBe('Ada Auditor');
    expect(r2.getCell(col('Resolved Date')).type).toBe(ExcelJS.ValueType.Date);
    expect(r2.getCell(col('Baseline Row')).value).toBe(1);

    // row 3 = discrepancy 1 (date of birth): a real date cell
    const dob = ws.getRow(3).getCell(col('Baseline Value'));
    expect(dob.type).toBe(ExcelJS.ValueType.Date);
    expect((dob.value as Date).toISOString()).toBe('1980-01-31T00:00:00.000Z');
    expect(ws.getRow(3).getCell(col('Status')).value).toBe('Ignored');

    // row 4 = discrepancy 2 (plan): the formula is text with a leading apostrophe
    const f = ws.getRow(4).getCell(col('Carrier Value'));
    expect(f.type).toBe(ExcelJS.ValueType.String);
    expect(f.value).toBe('\'=HYPERLINK("http://x","y")');
    expect(ws.getRow(4).getCell(col('Status')).value).toBe('Unresolved');
    expect((ws.getRow(4).getCell(col('Status')).fill as ExcelJS.FillPattern | undefined)?.pattern).toBe('solid');
    // a streamed (post-sample) date row is a date as well
    expect(ws.getRow(2 + 1399).getCell(col('Baseline Value')).type).toBe(ExcelJS.ValueType.Date);

    const ms = wb.getWorksheet('Missing Data')!;
    expect(ms.rowCount - 1).toBe(3);
    expect(ms.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ms.getRow(2).getCell(2).value).toBe('001234567');
    expect(ms.getRow(3).getCell(2).value).toBe("'+1-formula");
    expect(ms.getRow(2).getCell(10).value).toBe('Excluded');

    const summary = wb.getWorksheet('Summary')!;
    const lines = new Map<string, unknown>();
    summary.eachRow((row) => lines.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(lines.get('Comparison')).toBe('Q1 Dental');
    expect(lines.get('Audit type')).toBe('Enrollment Audit');
    expect(lines.get('Run date')).toBeInstanceOf(Date);
    expect(lines.get('Discrepancies')).toBe(N);
    expect(lines.get('Resolved')).toBe(2);
    expect(lines.get('Unresolved')).toBe(N - 2);
    expect(lines.get('Monthly Premium ↔ Premium')).toBe(500);
    expect(lines.get('Cost')).toBe(1);
    expect(lines.get('Ada Auditor')).toBe(1);
    expect(lines.get('Vic Verifier')).toBe(1);
    expect(lines.get('Only in baseline (enrolled, not at carrier)')).toBe(1);
  });

  it('writes an empty comparison', async () => {
    const wb = await readBack(
      await toBuffer((out) => writeDiscrepanciesWorkbook(out, { comparison: { name: 'Empty' }, dataPoints: [], discrepancies: [], missing: [], users: {} })),
    );
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Summary', 'Discrepancies', 'Missing Data']);
    expect(wb.getWorksheet('Discrepancies')!.rowCount).toBe(1);
  });
});

describe('writeMergedWorkbook', () => {
  const baselineColumns = ['SSN', 'First Name', 'Date of Birth', 'Monthly Premium', 'Notes'];
  const secondaryColumns = ['Member ID', 'FName', 'DOB', 'Premium'];
  const mergeDataPoints = [
    { id: 'dp-ssn', baseline_column_name: 'SSN', secondary_column_name: 'Member ID' },
    { id: 'dp-first', baseline_column_name: 'First Name', secondary_column_name: 'FName' },
    { id: 'dp-dob', baseline_column_name: 'Date of Birth', secondary_column_name: 'DOB' },
    { id: 'dp-premium', baseline_column_name: 'Monthly Premium', secondary_column_name: 'Premium' },
  ];
  const baselineRows = [
    [12345678, 'Ann', '01/31/1980', '100.00', '=cmd|calc'],
    ['222222222', 'Bob', '02/28/1975', '-20.00', 'ok'],
    ['333333333', 'Cy', '03/01/1990', '300', ''],
  ];
  const secondaryRows = [['444444444', 'Dee', '04/04/1984', '400']];

  it('writes the merged set in export column order with SSN rule, status column, highlights, Summary first', async () => {
    const plan = resolveExportColumns(
      [
        { file_type: 'BASELINE', baseline_column_name: 'SSN', index: 0, formatting_rule: 'SSN_WITH_DASHES', renamed_column_name: 'Employee SSN' },
        { file_type: 'SECONDARY', secondary_column_name: 'Premium', index: 1, renamed_column_name: 'Premium' },
        { file_type: 'BASELINE', baseline_column_name: 'Date of Birth', index: 2 },
        { file_type: 'BASELINE', baseline_column_name: 'Notes', index: 3 },
        { file_type: 'SECONDARY', secondary_column_name: 'FName', index: 4, renamed_column_name: 'Carrier First' },
      ],
      baselineColumns,
      [...secondaryColumns, 'Unpaired'],
      { dataPoints: mergeDataPoints },
    );
    const rows = buildMergedRows({
      baselineColumns,
      baselineRows,
      secondaryColumns,
      secondaryRows,
      dataPoints: mergeDataPoints,
      discrepancyMerges: [{ data_point_id: 'dp-premium', baseline_row_index: 0, merge_value: '110.00' }],
      missing: [{ missing: { id: 'm', kind: 'MISSING_IN_BASELINE', secondary_row_index: 0, resolved_inclusion: true } }],
      markMerged: true,
    });
    let result: unknown;
    const wb = await readBack(
      await toBuffer(async (out) => {
        result = await writeMergedWorkbook(out, {
          columns: baselineColumns,
          rows,
          exportColumns: plan.columns,
          comparison: { name: 'Q1 Merge', audit_type: 'GENERAL_AUDIT', type: 'COMPARE_MERGE' },
        });
      }),
    );
    expect(result).toMatchObject({ rows: 4 });
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Summary', 'Merged Data']);
    const ws = wb.getWorksheet('Merged Data')!;
    expect(ws.rowCount - 1).toBe(4);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.autoFilter).toBeTruthy();
    expect(ws.getRow(1).values).toEqual([undefined, 'Employee SSN', 'Premium', 'Date of Birth', 'Notes', 'Carrier First', 'Merge Status']);
    const r2 = ws.getRow(2);
    expect(r2.getCell(1).value).toBe('012-34-5678'); // number → leading zero back, then dashes
    expect(r2.getCell(2).value).toBe(110); // merged value, clean and numeric
    expect(r2.getCell(2).numFmt).toBe('#,##0.00');
    expect((r2.getCell(2).fill as ExcelJS.FillPattern | undefined)?.pattern).toBe('solid');
    expect(r2.getCell(3).type).toBe(ExcelJS.ValueType.Date);
    expect(r2.getCell(4).value).toBe("'=cmd|calc");
    expect(r2.getCell(6).value).toBe('[merge] Monthly Premium');
    expect(ws.getRow(3).getCell(2).value).toBe(-20);
    expect(ws.getRow(3).getCell(6).value ?? null).toBeNull();
    expect(ws.getRow(5).getCell(1).value).toBe('444-44-4444');
    expect(ws.getRow(5).getCell(6).value).toBe('[merge] added from carrier file');

    const summary = wb.getWorksheet('Summary')!;
    const lines = new Map<string, unknown>();
    summary.eachRow((row) => lines.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(lines.get('Comparison')).toBe('Q1 Merge');
    expect(lines.get('Rows')).toBe(4);
    expect(lines.get('Baseline rows with merged values')).toBe(1);
    expect(lines.get('Rows added from the carrier file')).toBe(1);
  });

  it('plain rows and no export columns: every column, no status column when not marking', async () => {
    const wb = await readBack(
      await toBuffer((out) => writeMergedWorkbook(out, { columns: baselineColumns, rows: baselineRows, markMerged: false })),
    );
    const ws = wb.getWorksheet('Merged Data')!;
    expect(ws.getRow(1).values).toEqual([undefined, ...baselineColumns]);
    expect(ws.rowCount - 1).toBe(3);
    expect(ws.getRow(2).getCell(1).value).toBe('012345678');
  });
});
