import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { FileParseError } from './errors';
import { MAX_CONVERTIBLE_FILE_BYTES, MAX_DATA_FILE_BYTES } from './limits';
import { openSource } from './open-source';
import { listWorksheets, parseFile } from './parse';
import { openTable } from './table';
import { asStream, collect, xlsxBuffer } from '../../../test/support/spreadsheet-fixtures';

const readAll = async (bytes: Buffer, fileName: string, maxBytes: number) => {
  const table = await openTable(await openSource(asStream(bytes, 4096), fileName, maxBytes), {});
  return collect(table.rows);
};

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(FileParseError);
  return error as FileParseError;
};

describe('size limit', () => {
  it('is 5 GB for data files, and 100 MB for a file to convert', () => {
    expect(MAX_DATA_FILE_BYTES).toBe(5 * 1024 * 1024 * 1024);
    expect(MAX_CONVERTIBLE_FILE_BYTES).toBe(100 * 1024 * 1024);
  });

  it('stops a CSV stream that passes the limit while its rows are being read', async () => {
    const csv = Buffer.from(`SSN,Name\n${'000000001,Ann\n'.repeat(20_000)}`);

    const error = await failure(readAll(csv, 'big.csv', 100_000));

    expect(error.code).toBe('TOO_LARGE');
  });

  it('reports the limit, not a damaged zip, when an .xlsx stream is cut off by it', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => [String(i).padStart(9, '0'), `Name ${i}`]);
    const bytes = await xlsxBuffer([{ name: 'Data', rows: [['SSN', 'Name'], ...rows] }]);

    const error = await failure(readAll(bytes, 'big.xlsx', Math.floor(bytes.length / 2)));

    expect(error.code).toBe('TOO_LARGE');
    expect(error.message).toContain('MB');
  });
});

describe('temporary files', () => {
  it('leaves none behind after listing, reading, stopping early, or a cut-off download', async () => {
    // A private temp dir, so workbooks parsed by other test files cannot blur the count.
    const previous = process.env.TMPDIR;
    const privateTmp = mkdtempSync(path.join(tmpdir(), 'files-test-'));
    process.env.TMPDIR = privateTmp;
    try {
      const rows = Array.from({ length: 500 }, (_, i) => [String(i), `Name ${i}`]);
      const bytes = await xlsxBuffer([
        { name: 'A', rows: [['SSN', 'Name'], ...rows] },
        { name: 'B', rows: [['SSN', 'Name'], ...rows] },
      ]);

      await listWorksheets(asStream(bytes), 'x.xlsx');
      await collect((await parseFile(asStream(bytes), 'x.xlsx')).rows);
      const parsed = await parseFile(asStream(bytes), 'x.xlsx', { worksheetName: 'A' });
      for await (const _row of parsed.rows) break;
      await readAll(bytes, 'cut.xlsx', Math.floor(bytes.length / 2)).catch(() => undefined);

      for (let i = 0; i < 50 && readdirSync(privateTmp).length > 0; i += 1) await sleep(20);
      expect(readdirSync(privateTmp)).toEqual([]);
    } finally {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
      rmSync(privateTmp, { recursive: true, force: true });
    }
  });
});

describe('table width', () => {
  const csvWith = (lastColumn: number) => {
    const stray = (row: string[]) => [...row, ...Array<string>(lastColumn - row.length - 1).fill(''), 'x'].join(',');
    return Buffer.from(['SSN,First Name,Last Name', stray(['111223333', 'Ann', 'Lee']), '222334444,Bo,Kim', '333445555,Cy,Roe'].join('\n'));
  };

  it('reads a table as wide as Excel holds (16,384 columns)', async () => {
    const rows = await readAll(csvWith(16_384), 'wide.csv', MAX_DATA_FILE_BYTES);
    expect(rows[0]).toHaveLength(16_384);
  });

  it('refuses a table widened past Excel\'s 16,384 columns by a damaged cell reference, naming its width and last column', async () => {
    const error = await failure(readAll(csvWith(58_885), 'stray.csv', MAX_DATA_FILE_BYTES));
    expect(error.code).toBe('TOO_WIDE');
    expect(error.message).toMatch(/^This table is 58,885 columns wide \(to column CIBU\); we read tables of up to 16,384 columns/);
  });
});

describe('column names', () => {
  it('refuses a header whose names together pass 200,000 characters, which the File record could not hold', async () => {
    const header = Array.from({ length: 300 }, (_, i) => `${'Name '.repeat(140)}${i}`).join(',');
    const error = await failure(readAll(Buffer.from(`${header}\n${Array(300).fill('1').join(',')}\n`), 'long.csv', MAX_DATA_FILE_BYTES));
    expect(error.code).toBe('TOO_WIDE');
    expect(error.message).toMatch(/^The column names of this table are too long to keep \(over 200,000 characters together\)/);
  });
});
