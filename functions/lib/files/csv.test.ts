import { describe, expect, it } from 'vitest';
import { FileParseError } from './errors';
import { detectDelimiter, detectEncoding } from './csv';
import { listWorksheets, parseFile } from './parse';
import { asStream, collect } from '../../../test/support/spreadsheet-fixtures';

const parseCsv = async (text: string | Buffer, options = {}) => {
  const parsed = await parseFile(asStream(Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8'), 16), 'census.csv', options);
  return { ...parsed, rows: await collect(parsed.rows) };
};

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(FileParseError);
  return error as FileParseError;
};

describe('CSV parsing', () => {
  it('strips the BOM, splits CRLF lines and keeps leading zeros as text', async () => {
    const text = '\uFEFFSSN,First Name,Zip\r\n012345678,Ann,02134\r\n000123456, Bob ,00501\r\n';

    const parsed = await parseCsv(text);

    expect(parsed.worksheet_name).toBeNull();
    expect(parsed.worksheets).toEqual([]);
    expect(parsed.header_row_index).toBe(0);
    expect(parsed.columns).toEqual(['SSN', 'First Name', 'Zip']);
    expect(parsed.rows).toEqual([
      ['012345678', 'Ann', '02134'],
      ['000123456', 'Bob', '00501'],
    ]);
  });

  it('reads LF files with quoted commas and line breaks, skipping blank and trailing lines', async () => {
    const text = 'Name,Address,Plan\n"Smith, Ann","1 Main St\nApt 2",PPO\n\n,,\nLee,"He said ""hi""",HMO\n\n\n';

    const parsed = await parseCsv(text);

    expect(parsed.rows).toEqual([
      ['Smith, Ann', '1 Main St\nApt 2', 'PPO'],
      ['Lee', 'He said "hi"', 'HMO'],
    ]);
  });

  it('leaves out the header printed again at the top of each page of a report export', async () => {
    const text = 'SSN,First Name,Benefit\n111111111,Ann,MEDICAL\n\nssn, FIRST NAME ,Benefit\n222222222,Bob,DENTAL\nSSN,First Name,\n';

    const parsed = await parseCsv(text);

    expect(parsed.rows).toEqual([
      ['111111111', 'Ann', 'MEDICAL'],
      ['222222222', 'Bob', 'DENTAL'],
      // Not the whole header: kept, it may be data.
      ['SSN', 'First Name', ''],
    ]);
  });

  it('detects semicolon and tab delimiters', async () => {
    const semicolon = await parseCsv('SSN;Name;Premium\n001;Ann;12,50\n002;Bob;7,25\n');
    const tab = await parseCsv('SSN\tName\tPremium\n001\tAnn, Jr\t12.50\n');

    expect(semicolon.rows).toEqual([
      ['001', 'Ann', '12,50'],
      ['002', 'Bob', '7,25'],
    ]);
    expect(tab.columns).toEqual(['SSN', 'Name', 'Premium']);
    expect(tab.rows).toEqual([['001', 'Ann, Jr', '12.50']]);
  });

  it('finds the header under report titles and a blank row', async () => {
    const text = 'Acme Corp Enrollment Report\nRun date: 01/02/2024\n\nSSN,First Name,Last Name,DOB\n123456789,Ann,Lee,01/05/1980\n';

    const parsed = await parseCsv(text);

    expect(parsed.header_row_index).toBe(3);
    expect(parsed.columns).toEqual(['SSN', 'First Name', 'Last Name', 'DOB']);
    expect(parsed.rows).toEqual([['123456789', 'Ann', 'Lee', '01/05/1980']]);
  });

  it('uses the header row the caller chooses', async () => {
    const text = 'Plan,Tier\nSSN,Name\n001,Ann\n';

    const parsed = await parseCsv(text, { headerRowIndex: 1 });

    expect(parsed.columns).toEqual(['SSN', 'Name']);
    expect(parsed.rows).toEqual([['001', 'Ann']]);
  });

  it('names blank headers by position and suffixes duplicates', async () => {
    const text = 'SSN,Name,,Name,name\n1,a,b,c,d\n';

    const parsed = await parseCsv(text);

    expect(parsed.columns).toEqual(['SSN', 'Name', 'Column 3', 'Name (2)', 'name (3)']);
  });

  it('pads short rows and widens the table for data beyond the last header', async () => {
    const parsed = await parseCsv('SSN,Name\n1\n2,Bob,extra\n');

    expect(parsed.columns).toEqual(['SSN', 'Name', 'Column 3']);
    expect(parsed.rows).toEqual([
      ['1', '', ''],
      ['2', 'Bob', 'extra'],
    ]);
  });

  it('reads Windows-1252 files as Excel writes them', async () => {
    const bytes = Buffer.from('Name,City\nJos\xe9,S\xe3o Paulo\n', 'latin1');

    const parsed = await parseCsv(bytes);

    expect(parsed.rows).toEqual([['José', 'São Paulo']]);
  });

  it('refuses an empty file, a blank file, a header without rows and a file without a header', async () => {
    expect((await failure(parseCsv(''))).code).toBe('EMPTY_FILE');
    expect((await failure(parseCsv('\r\n , \r\n'))).code).toBe('EMPTY_FILE');
    expect((await failure(parseCsv('SSN,First Name,Last Name\r\n\r\n'))).code).toBe('HEADER_ONLY');
    expect((await failure(parseCsv('1,2,3\n4,5,6\n'))).code).toBe('NO_HEADER');
  });

  it('refuses a quote that is never closed, naming the line', async () => {
    const text = `SSN,Name\n1,"Ann\n${'2,Bob\n'.repeat(200_000)}`;

    const error = await failure(parseCsv(text));

    expect(error.code).toBe('UNREADABLE_CSV');
    expect(error.message).toMatch(/line 2/);
  });

  it('lists no worksheets for a CSV file', async () => {
    expect(await listWorksheets(Buffer.from('a,b\n1,2\n'), 'x.csv')).toEqual([]);
  });
});

describe('CSV sniffing', () => {
  it('prefers the delimiter that splits lines consistently', () => {
    expect(detectDelimiter('a;b;c\n1,5;2,25;3\n4;5;6,125\n')).toBe(';');
    expect(detectDelimiter('a,b,c\n"x;y",2,3\n')).toBe(',');
    expect(detectDelimiter('just a title\n')).toBe(',');
  });

  it('tells UTF-8 from Windows-1252 and UTF-16', () => {
    expect(detectEncoding(Buffer.from('José', 'utf8'))).toBe('utf-8');
    expect(detectEncoding(Buffer.from('Jos\xe9 and more text', 'latin1'))).toBe('windows-1252');
    expect(detectEncoding(Buffer.from([0xff, 0xfe, 0x41, 0]))).toBe('utf-16le');
  });
});
