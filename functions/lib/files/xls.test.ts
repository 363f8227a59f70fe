import { describe, expect, it } from 'vitest';
import { FileParseError } from './errors';
import { MAX_XLS_BYTES } from './limits';
import { listWorksheets, parseFile } from './parse';
import { asStream, collect, utcDate, xlsBuffer, xlsxBuffer } from '../../../test/support/spreadsheet-fixtures';

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(FileParseError);
  return error as FileParseError;
};

describe('.xls parsing (SheetJS, BIFF8)', () => {
  const workbook = () =>
    xlsBuffer([
      { name: 'Cover', rows: [['Carrier billing file'], ['Prepared for Acme Corp']] },
      {
        name: 'Billing',
        rows: [
          ['Guardian Billing Statement'],
          [],
          ['Member ID', 'First Name', 'DOB', 'Premium', 'Group'],
          [12345678, 'Ann', utcDate(1980, 1, 5), 12.5, '00417'],
          [987654321, 'Bob', utcDate(1975, 12, 31), 7, '00418'],
        ],
      },
    ]);

  it('skips the cover sheet, finds the header and formats dates and numeric identifiers', async () => {
    const parsed = await parseFile(asStream(workbook()), 'billing.xls');

    expect(parsed.worksheet_name).toBe('Billing');
    expect(parsed.worksheets).toEqual(['Cover', 'Billing']);
    expect(parsed.header_row_index).toBe(2);
    expect(parsed.columns).toEqual(['Member ID', 'First Name', 'DOB', 'Premium', 'Group']);
    expect(await collect(parsed.rows)).toEqual([
      ['12345678', 'Ann', '01/05/1980', '12.5', '00417'],
      ['987654321', 'Bob', '12/31/1975', '7', '00418'],
    ]);
  });

  it('lists worksheets with whether each holds a table', async () => {
    expect(await listWorksheets(workbook(), 'billing.xls')).toEqual([
      { name: 'Cover', has_table: false, hidden: false },
      { name: 'Billing', has_table: true, hidden: false },
    ]);
  });

  it('reads an .xlsx workbook saved with an .xls name', async () => {
    const bytes = await xlsxBuffer([{ name: 'Data', rows: [['SSN', 'Name'], ['001', 'Ann']] }]);

    const parsed = await parseFile(bytes, 'export.xls');

    expect(await collect(parsed.rows)).toEqual([['001', 'Ann']]);
  });

  it('refuses an .xls file above its lower size limit, suggesting .xlsx', async () => {
    const oversized = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(MAX_XLS_BYTES)]);

    const error = await failure(parseFile(asStream(oversized, 1024 * 1024), 'huge.xls'));

    expect(error.code).toBe('TOO_LARGE');
    expect(error.message).toContain('.xlsx');
  });

  it('refuses a damaged .xls and a header-only sheet', async () => {
    const damaged = workbook().subarray(0, 1500);
    const headerOnly = xlsBuffer([{ name: 'S', rows: [['SSN', 'Name']] }]);

    expect((await failure(parseFile(damaged, 'billing.xls'))).code).toBe('CORRUPT_WORKBOOK');
    expect((await failure(parseFile(headerOnly, 'billing.xls'))).code).toBe('HEADER_ONLY');
  });

  it('gives amounts back as typed, without the noise of their binary value', async () => {
    const bytes = xlsBuffer([{ name: 'Bill', rows: [['Member ID', 'Premium', 'Cost', 'Rate'], [12345678, 662.1759999999999, 0.1 + 0.2, 1.234567e-10]] }]);
    const rows = await collect((await parseFile(asStream(bytes), 'bill.xls')).rows);
    expect(rows).toEqual([['12345678', '662.176', '0.3', '0.0000000001234567']]);
  });
});
