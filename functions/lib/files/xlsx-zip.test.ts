import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RawRow } from './header';
import type { WorkbookSource } from './source';
import { asStream, xlsxBuffer } from '../../../test/support/spreadsheet-fixtures';
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

/**
 * The same zip with its directory in zip64 form, as writers of large archives (and some that
 * always do) store it: every size and offset in the zip64 extra field, the 32-bit fields at their
 * 0xFFFFFFFF marker, and a zip64 end record before the classic one.
 */
function asZip64(zip: Buffer): Buffer {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  const directoryOffset = zip.readUInt32LE(end + 16);
  const records: Buffer[] = [];
  let at = directoryOffset;
  for (let n = 0; n < count; n++) {
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const head = Buffer.from(zip.subarray(at, at + 46));
    const extra = Buffer.alloc(28);
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(24, 2);
    extra.writeBigUInt64LE(BigInt(head.readUInt32LE(24)), 4);
    extra.writeBigUInt64LE(BigInt(head.readUInt32LE(20)), 12);
    extra.writeBigUInt64LE(BigInt(head.readUInt32LE(42)), 20);
    head.writeUInt32LE(0xffffffff, 20);
    head.writeUInt32LE(0xffffffff, 24);
    head.writeUInt32LE(0xffffffff, 42);
    head.writeUInt16LE(extraLength + extra.length, 30);
    const name = zip.subarray(at + 46, at + 46 + nameLength);
    const rest = zip.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength + commentLength);
    records.push(head, name, extra, rest);
    at += 46 + nameLength + extraLength + commentLength;
  }
  const directory = Buffer.concat(records);
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(45, 12);
  record.writeUInt16LE(45, 14);
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(directory.length), 40);
  record.writeBigUInt64LE(BigInt(directoryOffset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(directoryOffset + directory.length), 8);
  locator.writeUInt32LE(1, 16);
  const classic = Buffer.alloc(22);
  classic.writeUInt32LE(0x06054b50, 0);
  classic.writeUInt16LE(0xffff, 8);
  classic.writeUInt16LE(0xffff, 10);
  classic.writeUInt32LE(0xffffffff, 12);
  classic.writeUInt32LE(0xffffffff, 16);
  return Buffer.concat([zip.subarray(0, directoryOffset), directory, record, locator, classic]);
}

describe('an .xlsx upload whose zip directory is in zip64 form', { timeout: 60_000 }, () => {
  it('reads as the same workbook in the classic form', async () => {
    const bytes = await workbook();
    const zip64 = asZip64(bytes);
    expect(zip64.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true);

    expect(await readAll(openXlsx(asStream(zip64)))).toEqual(await readAll(openXlsx(asStream(bytes))));
  });
});

describe('an .xlsx upload kept in a temporary file', { timeout: 60_000 }, () => {
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
