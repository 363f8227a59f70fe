import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RawRow } from './header';
import type { WorkbookSource } from './source';
import { asStream, xlsxBuffer } from './test-fixtures';
import { openXlsx } from './xlsx';

/**
 * An upload larger than what is kept in memory waits in a temporary file while it is read. These
 * read small workbooks with that ceiling lowered, in a folder of the test's own, and check the
 * folder is left empty however the read ends.
 */
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'dvp-xlsx-zip-test-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const onDisk = { inMemoryBytes: 1024 };
const rows = Array.from({ length: 2000 }, (_, i) => [String(i).padStart(9, '0'), `Name ${i}`, i * 1.5]);
const workbook = () => xlsxBuffer([{ name: 'Census', rows: [['SSN', 'Name', 'Premium'], ...rows] }, { name: 'Other', rows: [['x']] }]);

async function readAll(source: WorkbookSource): Promise<{ name: string | null; rows: RawRow[] }[]> {
  const sheets = [];
  try {
    for (let next = await source.sheets.next(); !next.done; next = await source.sheets.next()) {
      const read: RawRow[] = [];
      for (let row = await next.value.rows.next(); !row.done; row = await next.value.rows.next()) read.push(row.value);
      sheets.push({ name: next.value.name, rows: read });
    }
  } finally {
    await source.close();
  }
  return sheets;
}

describe('an .xlsx upload kept in a temporary file', () => {
  it('reads as the same upload kept in memory, and the file is gone once read', async () => {
    const bytes = await workbook();

    const fromDisk = await readAll(openXlsx(asStream(bytes), { ...onDisk, tempDir: dir }));
    const inMemory = await readAll(openXlsx(asStream(bytes)));

    expect(fromDisk).toEqual(inMemory);
    expect(fromDisk[0]!.rows).toHaveLength(2001);
    expect(fromDisk[0]!.rows[2000]!.cells).toEqual(['000001999', 'Name 1999', '2998.5']);
    expect(await readdir(dir)).toEqual([]);
  });

  it('is removed when the reader stops after a few rows', async () => {
    const source = openXlsx(asStream(await workbook()), { ...onDisk, tempDir: dir });
    const sheet = await source.sheets.next();
    if (sheet.done) throw new Error('no sheet');
    await sheet.value.rows.next();
    await sheet.value.rows.next();
    expect(await readdir(dir)).toHaveLength(1);

    await source.close();

    expect(await readdir(dir)).toEqual([]);
  });

  it('is removed when the upload turns out damaged or its stream fails half way', async () => {
    const bytes = await workbook();
    const failing = Readable.from(
      (async function* () {
        yield bytes.subarray(0, 4096);
        throw new Error('connection reset');
      })(),
    );

    for (const input of [asStream(bytes.subarray(0, Math.floor(bytes.length * 0.7))), failing]) {
      const source = openXlsx(input, { ...onDisk, tempDir: dir });
      await expect(source.sheets.next()).rejects.toThrow();
      await source.close();
      expect(await readdir(dir)).toEqual([]);
    }
  });
});
