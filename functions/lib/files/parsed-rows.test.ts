import { PassThrough } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { openParsedRows, PARSED_ROWS_FORMAT, readParsedRows, readPartRows, writeParsedRows, type ParsedRowsPart } from './parsed-rows';
import { asStream, collect, utcDate, xlsxBuffer } from '../../../test/support/spreadsheet-fixtures';

async function writeToBuffer(input: Buffer, fileName: string, options = {}) {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const summary = await writeParsedRows(asStream(input), fileName, output, options);
  return { summary, gzipped: Buffer.concat(chunks) };
}

describe('stored parsed rows', () => {
  it('round-trips a workbook through gzipped JSON lines', async () => {
    const bytes = await xlsxBuffer([
      {
        name: 'Data',
        rows: [
          ['Report'],
          ['SSN', 'Name', 'DOB', 'Address'],
          ['012345678', 'José', utcDate(1980, 1, 5), '1 Main St\nApt "2"'],
          [],
          [123456789, 'Zoë', utcDate(2001, 9, 30), ''],
        ],
      },
    ]);

    const { summary, gzipped } = await writeToBuffer(bytes, 'census.xlsx');
    const rows = await collect(readParsedRows(asStream(gzipped, 64)));

    expect(summary).toEqual({
      worksheet_name: 'Data',
      worksheets: ['Data'],
      header_row_index: 1,
      columns: ['SSN', 'Name', 'DOB', 'Address'],
      row_count: 2,
      filled_counts: [2, 2, 2, 1],
    });
    expect(rows).toEqual([
      ['012345678', 'José', '01/05/1980', '1 Main St\nApt "2"'],
      ['123456789', 'Zoë', '09/30/2001', ''],
    ]);
  });

  it('starts with a header line that describes the columns, one row per following line', async () => {
    const { gzipped } = await writeToBuffer(Buffer.from('SSN,Name\r\n001,Ann\r\n002,"Lee, Bo"\r\n'), 'c.csv');

    const lines = gunzipSync(gzipped).toString('utf8').trimEnd().split('\n');
    const opened = await openParsedRows(gzipped);

    expect(lines).toHaveLength(3);
    expect(JSON.parse(lines[0]!)).toEqual({ format: PARSED_ROWS_FORMAT, version: 1, worksheet_name: null, header_row_index: 0, columns: ['SSN', 'Name'], preamble: [] });
    expect(JSON.parse(lines[2]!)).toEqual(['002', 'Lee, Bo']);
    expect(opened.header.columns).toEqual(['SSN', 'Name']);
    expect(await collect(opened.rows)).toEqual([
      ['001', 'Ann'],
      ['002', 'Lee, Bo'],
    ]);
  });

  it('keeps the rows above the header, where a list bill names its invoice', async () => {
    const { gzipped } = await writeToBuffer(Buffer.from('Premium Statement\r\nInvoice Number:,INV-7\r\n\r\nSSN,Name,Premium\r\n001,Ann,10.00\r\n'), 'bill.csv');
    const opened = await openParsedRows(gzipped);
    expect(opened.header.preamble).toEqual([['Premium Statement'], ['Invoice Number:', 'INV-7']]);
    expect(await collect(opened.rows)).toEqual([['001', 'Ann', '10.00']]);
  });

  it('counts thousands of rows and reads them back in order', async () => {
    const csv = `SSN,Amount\n${Array.from({ length: 5000 }, (_, i) => `${String(i).padStart(9, '0')},${i}.5`).join('\n')}\n`;

    const { summary, gzipped } = await writeToBuffer(Buffer.from(csv), 'big.csv');
    const rows = await collect(readParsedRows(gzipped));

    expect(summary.row_count).toBe(5000);
    expect(rows).toHaveLength(5000);
    expect(rows[4999]).toEqual(['000004999', '4999.5']);
  });

  it('counts the filled cells of every column over the whole file, blanks and spaces as empty', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => `${String(i).padStart(9, '0')},${i % 4 === 0 ? 'Springfield' : i % 4 === 1 ? '   ' : ''},,${i === 4999 ? 'X' : ''}`);
    const { summary } = await writeToBuffer(Buffer.from(`SSN,City,Address 2,Note\n${rows.join('\n')}\n`), 'census.csv');

    expect(summary.columns).toEqual(['SSN', 'City', 'Address 2', 'Note']);
    expect(summary.filled_counts).toEqual([5000, 1250, 0, 1]);
  });

  it('reads back every cell as written when rows run across the unzipped chunks the reader parses in blocks', async () => {
    const cell = (i: number) => [`Zoë ${i} 漢字 🙂`, `line one\nline "two" \\ ${i}`, i % 7 === 0 ? '' : `${'é'.repeat(i % 50)}${i}`];
    const csvCell = (v: string) => `"${v.replaceAll('"', '""')}"`;
    const csv = `Name,Note,Extra\n${Array.from({ length: 20_000 }, (_, i) => cell(i).map(csvCell).join(',')).join('\n')}\n`;

    const { summary, gzipped } = await writeToBuffer(Buffer.from(csv), 'wide.csv');
    const rows = await collect(readParsedRows(asStream(gzipped, 1000)));

    expect(summary.row_count).toBe(20_000);
    expect(rows).toEqual(Array.from({ length: 20_000 }, (_, i) => cell(i)));
  });

  it('stops reading when the reader stops early, with the rows it took intact', async () => {
    const csv = `SSN,Amount\n${Array.from({ length: 50_000 }, (_, i) => `${String(i).padStart(9, '0')},${i}`).join('\n')}\n`;
    const { gzipped } = await writeToBuffer(Buffer.from(csv), 'big.csv');

    const opened = await openParsedRows(gzipped);
    const taken: string[][] = [];
    for await (const row of opened.rows) {
      taken.push(row);
      if (taken.length === 3) break;
    }

    expect(taken).toEqual([
      ['000000000', '0'],
      ['000000001', '1'],
      ['000000002', '2'],
    ]);
    expect(await opened.rows.next()).toEqual({ done: true, value: undefined });
  });

  it('stores the rows in parts each readable on its own by its byte range, the whole still read as one', async () => {
    const csv = `SSN,Name\n${Array.from({ length: 5_000 }, (_, i) => `${String(i).padStart(9, '0')},"Name ${i}, Jr"`).join('\n')}\n`;
    const parts: ParsedRowsPart[] = [];
    const { gzipped } = await writeToBuffer(Buffer.from(csv), 'parts.csv', { onPart: (p: ParsedRowsPart) => parts.push(p), partChars: 20_000 });
    const all = await collect(readParsedRows(gzipped));

    expect(parts.length).toBeGreaterThan(5);
    expect(parts.at(-1)!.end).toBe(gzipped.length);
    expect(parts.reduce((n, p) => n + p.rows, 0)).toBe(5_000);
    for (const [i, part] of parts.entries()) {
      if (i > 0) expect(part.start).toBe(parts[i - 1]!.end);
      const rows = await collect(readPartRows(gzipped.subarray(part.start, part.end)));
      expect(rows).toEqual(all.slice(part.first_row, part.first_row + part.rows));
    }
    expect(all[4_999]).toEqual(['000004999', 'Name 4999, Jr']);
  });

  it('refuses data that is not in the stored format', async () => {
    await expect(collect(readParsedRows(Buffer.from('not gzip')))).rejects.toThrow();
  });
});
