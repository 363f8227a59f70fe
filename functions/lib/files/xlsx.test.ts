import * as XLSX from '@e965/xlsx';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { FileParseError } from './errors';
import { listWorksheets, parseFile } from './parse';
import { asStream, collect, inlineStringsStyle, minimalXlsx, openXmlSdkStyle, utcDate, xlsxBuffer } from '../../../test/support/spreadsheet-fixtures';

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(FileParseError);
  return error as FileParseError;
};

const coverSheet = {
  name: 'Read me',
  rows: [['This workbook lists active enrollments.'], [], ['Questions: benefits@example.com']],
};

const enrollment = {
  name: 'Enrollment',
  rows: [
    ['Acme Corp Enrollment Report'],
    ['Run date: 01/02/2024'],
    [],
    ['SSN', 'First Name', 'Last Name', 'DOB', 'Employee ID', 'Premium', 'Annual'],
    [12345678, 'Ann', 'Lee', utcDate(1980, 1, 5), '000417', 12.5, { formula: 'F5*12', result: 150 }],
    [987654321, { richText: [{ text: 'Bo' }, { font: { bold: true }, text: 'b' }] }, 'Ng', utcDate(1975, 12, 31), '000418', 0.1 + 0.2, { formula: 'F6*12', result: 3.6 }],
  ],
  numFmt: { D5: 'mm/dd/yyyy', D6: 'm/d/yy' },
};

describe('.xlsx parsing (streamed)', () => {
  it('skips a cover sheet and finds the header under the titles', async () => {
    const bytes = await xlsxBuffer([coverSheet, enrollment]);

    const parsed = await parseFile(asStream(bytes), 'census.xlsx');
    const rows = await collect(parsed.rows);

    expect(parsed.worksheet_name).toBe('Enrollment');
    expect(parsed.worksheets).toEqual(['Read me', 'Enrollment']);
    expect(parsed.header_row_index).toBe(3);
    expect(parsed.columns).toEqual(['SSN', 'First Name', 'Last Name', 'DOB', 'Employee ID', 'Premium', 'Annual']);
    expect(rows).toEqual([
      ['12345678', 'Ann', 'Lee', '01/05/1980', '000417', '12.5', '150'],
      ['987654321', 'Bob', 'Ng', '12/31/1975', '000418', '0.3', '3.6'],
    ]);
  });

  it('reads a workbook written by the Open XML SDK (x: prefixed elements, sheet.xml, absolute targets)', async () => {
    const bytes = await openXmlSdkStyle(await xlsxBuffer([coverSheet, enrollment]));
    expect(bytes.toString('latin1')).toContain('xl/worksheets/sheet.xml');

    const parsed = await parseFile(asStream(bytes), 'sdk-export.xlsx');
    const rows = await collect(parsed.rows);

    expect(parsed.worksheet_name).toBe('Enrollment');
    expect(parsed.worksheets).toEqual(['Read me', 'Enrollment']);
    expect(parsed.columns).toEqual(['SSN', 'First Name', 'Last Name', 'DOB', 'Employee ID', 'Premium', 'Annual']);
    expect(rows[0]).toEqual(['12345678', 'Ann', 'Lee', '01/05/1980', '000417', '12.5', '150']);
    const named = await parseFile(asStream(bytes), 'sdk-export.xlsx', { worksheetName: 'Read me' }).then(
      () => 'read',
      (e: FileParseError) => e.code,
    );
    expect(named).not.toBe('read');
    expect((await listWorksheets(asStream(bytes), 'sdk-export.xlsx')).map((w) => [w.name, w.has_table])).toEqual([
      ['Read me', false],
      ['Enrollment', true],
    ]);
  });

  it('reads a workbook with inline strings and its worksheets last (POI SXSSF)', async () => {
    const bytes = await inlineStringsStyle(await xlsxBuffer([coverSheet, enrollment]));
    expect(bytes.toString('latin1')).not.toContain('sharedStrings.xml');
    const parsed = await parseFile(asStream(bytes), 'sxssf-export.xlsx');
    expect(parsed.worksheet_name).toBe('Enrollment');
    expect(await collect(parsed.rows)).toEqual([
      ['12345678', 'Ann', 'Lee', '01/05/1980', '000417', '12.5', '150'],
      ['987654321', 'Bob', 'Ng', '12/31/1975', '000418', '0.3', '3.6'],
    ]);
  });

  it('reads a small workbook handed over in one piece every time, not now and then refusing it as damaged', async () => {
    // With no shared-strings part the worksheet waits in a temporary file, and the zip stream
    // closes while it is still being parked: that must not be taken for a cut-off file. The
    // refusal came about one read in twenty, so the file is read a hundred times.
    const bytes = await minimalXlsx('Data', [
      ['SSN', 'First Name', 'Last Name'],
      ['012-34-5678', 'Ann', 'Lee'],
      ['123456789', 'Bob', 'Ray'],
    ]);
    const outcomes = new Map<string, number>();
    for (let i = 0; i < 100; i++) {
      const outcome = await parseFile(bytes, 'small.xlsx')
        .then((parsed) => collect(parsed.rows))
        .then((rows) => `${rows.length} rows`, (e: Error) => e.message);
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
    expect(Object.fromEntries(outcomes)).toEqual({ '2 rows': 100 });
  });

  it("takes the first visible table in the workbook's tab order, whatever order the zip stores the sheets in", async () => {
    const carrier = { name: 'Carrier', rows: [['Member ID', 'Name'], ['007', 'Ann']] };
    const zip = await JSZip.loadAsync(await xlsxBuffer([enrollment, carrier]));
    // The user moved the Carrier tab to the front: its part is still the second in the zip.
    const workbookXml = await zip.file('xl/workbook.xml')!.async('string');
    const tabs = [...workbookXml.matchAll(/<sheet [^>]*\/>/g)].map((m) => m[0]);
    zip.file('xl/workbook.xml', workbookXml.replace(tabs.join(''), [...tabs].reverse().join('')));
    const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });

    const parsed = await parseFile(bytes, 'census.xlsx');

    expect(parsed.worksheet_name).toBe('Carrier');
    expect(parsed.worksheets).toEqual(['Carrier', 'Enrollment']);
    expect(await collect(parsed.rows)).toEqual([['007', 'Ann']]);
    expect((await listWorksheets(bytes, 'census.xlsx')).map((w) => w.name)).toEqual(['Carrier', 'Enrollment']);
  });

  it('lists worksheets with whether each holds a table', async () => {
    const bytes = await xlsxBuffer([coverSheet, enrollment, { name: 'Old', rows: [['SSN', 'Name']], state: 'hidden' }]);

    const sheets = await listWorksheets(asStream(bytes), 'census.xlsx');

    expect(sheets).toEqual([
      { name: 'Read me', has_table: false, hidden: false },
      { name: 'Enrollment', has_table: true, hidden: false },
      { name: 'Old', has_table: false, hidden: true },
    ]);
  });

  it('formats numeric identifiers, dates from formulas, booleans and zero-padded formats as shown', async () => {
    const bytes = await xlsxBuffer([
      {
        name: 'Data',
        rows: [
          ['SSN', 'Zip', 'Hire Date', 'Active', 'Big ID', 'Note'],
          [12345678, 2134, { formula: 'DATE(2020,3,1)', result: 43891 }, true, 123456789012345, '  padded  '],
          [1234567, 501, { formula: 'DATE(2021,1,1)', result: 44197 }, false, 1e20, 'x'],
        ],
        numFmt: { A2: '000-00-0000', A3: '000000000', B2: '00000', B3: '00000', C2: 'mm/dd/yyyy', C3: 'yyyy-mm-dd' },
      },
    ]);

    const parsed = await parseFile(bytes, 'ids.xlsx');

    expect(await collect(parsed.rows)).toEqual([
      ['012345678', '02134', '03/01/2020', 'TRUE', '123456789012345', 'padded'],
      ['001234567', '00501', '01/01/2021', 'FALSE', '100000000000000000000', 'x'],
    ]);
  });

  it('reads the worksheet the caller names, hidden or not', async () => {
    const bytes = await xlsxBuffer([enrollment, { name: 'Carrier', rows: [['Member ID', 'Name'], ['007', 'Ann']], state: 'hidden' }]);

    const parsed = await parseFile(bytes, 'census.xlsx', { worksheetName: 'Carrier' });

    expect(parsed.worksheet_name).toBe('Carrier');
    expect(await collect(parsed.rows)).toEqual([['007', 'Ann']]);
  });

  it('names the available worksheets when the requested one does not exist', async () => {
    const bytes = await xlsxBuffer([coverSheet, enrollment]);

    const error = await failure(parseFile(bytes, 'census.xlsx', { worksheetName: 'Sheet9' }));

    expect(error.code).toBe('WORKSHEET_NOT_FOUND');
    expect(error.worksheets).toEqual(['Read me', 'Enrollment']);
    expect(error.message).toContain('"Read me", "Enrollment"');
  });

  it('uses the header row the caller chooses', async () => {
    const bytes = await xlsxBuffer([enrollment]);

    const parsed = await parseFile(bytes, 'census.xlsx', { worksheetName: 'Enrollment', headerRowIndex: 3 });
    const empty = await failure(parseFile(bytes, 'census.xlsx', { worksheetName: 'Enrollment', headerRowIndex: 2 }));

    expect(parsed.columns[0]).toBe('SSN');
    expect(await collect(parsed.rows)).toHaveLength(2);
    expect(empty.code).toBe('HEADER_ROW_EMPTY');
    expect(empty.message).toContain('Row 3');
  });

  it('lets a consumer stop early without leaving the file open', async () => {
    const rows = Array.from({ length: 2000 }, (_, i) => [String(i).padStart(9, '0'), `Name ${i}`]);
    const bytes = await xlsxBuffer([{ name: 'Data', rows: [['SSN', 'Name'], ...rows] }, coverSheet]);

    const parsed = await parseFile(asStream(bytes), 'big.xlsx');
    const firstThree: string[][] = [];
    for await (const row of parsed.rows) {
      firstThree.push(row);
      if (firstThree.length === 3) break;
    }

    expect(firstThree.map((r) => r[0])).toEqual(['000000000', '000000001', '000000002']);
  });

  it('refuses empty, header-only and table-less workbooks', async () => {
    const empty = await xlsxBuffer([{ name: 'Sheet1', rows: [] }]);
    const headerOnly = await xlsxBuffer([{ name: 'Sheet1', rows: [['SSN', 'First Name', 'Last Name']] }]);
    const prose = await xlsxBuffer([coverSheet, { name: 'Notes', rows: [['Nothing here yet']] }]);

    expect((await failure(parseFile(empty, 'a.xlsx'))).code).toBe('EMPTY_FILE');
    expect((await failure(parseFile(headerOnly, 'a.xlsx'))).code).toBe('HEADER_ONLY');
    expect((await failure(parseFile(prose, 'a.xlsx'))).code).toBe('NO_HEADER');
  });

  it('recognises a password-protected workbook from its OLE signature', async () => {
    const oleHeader = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array(504).fill(0)]);

    const error = await failure(parseFile(oleHeader, 'locked.xlsx'));

    expect(error.code).toBe('ENCRYPTED');
    expect(error.message).toContain('password-protected');
  });

  it('recognises an encrypted package inside a well-formed OLE file', async () => {
    const container = XLSX.CFB.utils.cfb_new();
    XLSX.CFB.utils.cfb_add(container, '/EncryptionInfo', Buffer.from([4, 0, 4, 0]));
    XLSX.CFB.utils.cfb_add(container, '/EncryptedPackage', Buffer.alloc(4096, 7));
    const bytes = Buffer.from(XLSX.CFB.write(container, { type: 'buffer' }) as Uint8Array);

    expect((await failure(listWorksheets(bytes, 'locked.xlsx'))).code).toBe('ENCRYPTED');
  });

  it('refuses content that is not a workbook whatever its name', async () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');
    const ods = Buffer.from(XLSX.write(XLSX.utils.book_new(XLSX.utils.aoa_to_sheet([['a']])), { type: 'buffer', bookType: 'ods' }) as Uint8Array);

    const pdfError = await failure(parseFile(pdf, 'census.xlsx'));
    const odsError = await failure(parseFile(ods, 'census.xlsx'));

    expect(pdfError.code).toBe('CONTENT_MISMATCH');
    expect(pdfError.message).toContain('PDF');
    expect(odsError.code).toBe('CONTENT_MISMATCH');
  });

  it('refuses a damaged workbook', async () => {
    const bytes = await xlsxBuffer([enrollment]);
    const truncated = bytes.subarray(0, Math.floor(bytes.length / 2));
    const scrambled = Buffer.concat([bytes.subarray(0, 40), Buffer.alloc(bytes.length - 40, 0x41)]);

    expect((await failure(parseFile(asStream(truncated), 'census.xlsx'))).code).toBe('CORRUPT_WORKBOOK');
    expect((await failure(parseFile(scrambled, 'census.xlsx'))).code).toBe('CORRUPT_WORKBOOK');
  });

  it('refuses other extensions before reading anything', async () => {
    const error = await failure(parseFile(Buffer.from('a,b'), 'census.pdf'));

    expect(error.code).toBe('WRONG_EXTENSION');
    expect(error.message).toContain('.xlsx');
  });
});

describe('.xlsx amounts as written', () => {
  it('gives a premium typed with three decimals back as typed, whatever digits Excel stored for it', async () => {
    const sheet = { name: 'Census', rows: [['SSN', 'Premium', 'Employee Cost', 'Rate'], ['111111111', 662.176, { formula: 'B2*0.1', result: 66.2176 * 1.0000000000000002 }, 1.234567e-10]] };
    const zip = await JSZip.loadAsync(await xlsxBuffer([sheet]));
    const path = Object.keys(zip.files).find((name) => /worksheets\/sheet1\.xml$/.test(name))!;
    const xml = await zip.file(path)!.async('string');
    // Excel writes 662.176 with seventeen significant digits: the nearest double's text is 662.1759999999999.
    expect(xml).toContain('<v>662.176</v>');
    zip.file(path, xml.replace('<v>662.176</v>', '<v>662.17599999999993</v>'));
    const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });

    const rows = await collect((await parseFile(asStream(bytes), 'census.xlsx')).rows);

    expect(String(662.17599999999993)).toBe('662.1759999999999');
    expect(rows).toEqual([['111111111', '662.176', '66.2176', '0.0000000001234567']]);
  });
});
