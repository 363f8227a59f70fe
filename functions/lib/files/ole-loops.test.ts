import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { FileParseError } from './errors';
import { hasBiffLoop, hasOleLoop } from './ole-loops';
import { parseFile } from './parse';
import { xlsBuffer } from '../../../test/support/spreadsheet-fixtures';

/**
 * A damaged .xls whose FAT or directory links back into itself sent SheetJS round a loop that grew
 * an array until V8 aborted the process (a fatal error, not an exception): such files are refused
 * as damaged before SheetJS reads them.
 */
const SECTOR = 512;
const valid = () => xlsBuffer([{ name: 'Members', rows: [['SSN', 'First Name'], ['123456789', 'Ann'], ['987654321', 'Bob']] }]);
const directoryEntry = (bytes: Buffer, entry: number) => SECTOR + bytes.readInt32LE(48) * SECTOR + entry * 128;

const refusal = async (bytes: Buffer) => {
  const error = await parseFile(bytes, 'members.xls').then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(FileParseError);
  return error as FileParseError;
};

describe('OLE containers that loop', () => {
  it('reads a sound workbook as before', async () => {
    expect(hasOleLoop(valid())).toBe(false);
    const parsed = await parseFile(valid(), 'members.xls');
    expect(parsed.columns).toEqual(['SSN', 'First Name']);
  });

  it('refuses a directory whose siblings link to each other', async () => {
    const bytes = valid();
    // Entries 1 and 2 are the two streams: each now names the other as its left sibling.
    bytes.writeInt32LE(2, directoryEntry(bytes, 1) + 68);
    bytes.writeInt32LE(1, directoryEntry(bytes, 2) + 68);
    expect(hasOleLoop(bytes)).toBe(true);
    expect((await refusal(bytes)).code).toBe('CORRUPT_WORKBOOK');
  });

  it('refuses a FAT whose chain runs back into itself', async () => {
    const bytes = valid();
    const fat = SECTOR + bytes.readInt32LE(76) * SECTOR;
    // The directory's sector now continues into itself.
    const directory = bytes.readInt32LE(48);
    bytes.writeInt32LE(directory, fat + directory * 4);
    expect(hasOleLoop(bytes)).toBe(true);
    expect((await refusal(bytes)).code).toBe('CORRUPT_WORKBOOK');
  });

  it('refuses a DIFAT chain that loops', () => {
    const bytes = Buffer.concat([valid(), Buffer.alloc(SECTOR, 0xff)]);
    const last = bytes.length / SECTOR - 2;
    bytes.writeInt32LE(last, 68);
    bytes.writeInt32LE(5, 72);
    bytes.writeInt32LE(last, SECTOR + last * SECTOR + SECTOR - 4);
    expect(hasOleLoop(bytes)).toBe(true);
  });

  it('refuses a workbook stream with an ExternSheet record too short for its count', async () => {
    const container = XLSX.CFB.read(valid(), { type: 'buffer' });
    const stream = XLSX.CFB.find(container, 'Workbook')!;
    const content = Buffer.from(stream.content as Uint8Array);
    const afterBof = 4 + content.readUInt16LE(2);
    stream.content = Buffer.concat([content.subarray(0, afterBof), Buffer.from([0x17, 0x00, 0x00, 0x00]), content.subarray(afterBof)]);
    const bytes = Buffer.from(XLSX.CFB.write(container, { type: 'buffer' }) as Uint8Array);
    expect(hasBiffLoop(XLSX.CFB.find(XLSX.CFB.read(bytes, { type: 'buffer' }), 'Workbook')!.content as Uint8Array)).toBe(true);
    expect((await refusal(bytes)).code).toBe('CORRUPT_WORKBOOK');
  });
});
