import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { crc32, createDeflateRaw } from 'node:zlib';
import JSZip from 'jszip';
import XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimalXlsx } from '../../../test/support/spreadsheet-fixtures';

/**
 * Hostile and broken files, each read the way the parse job reads an upload, in a process of its
 * own so its peak RSS is its own: every one is refused with a message a user can act on (or, for
 * odd but valid tables, read), within 512 MB.
 */
const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');
const MAX_RSS_MB = 512;
let dir: string;

interface Outcome {
  ok: boolean;
  code?: string | null;
  message?: string;
  rows?: number;
  columns?: number;
  peakRssMb: number;
  ms: number;
}

async function parseInChild(file: string, name: string): Promise<Outcome> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'functions/lib/files/parse-child.ts', file, name], { cwd: ROOT, maxBuffer: 1 << 20, timeout: 240_000 });
  return JSON.parse(stdout) as Outcome;
}

/**
 * A zip of one stored-deflate entry per part, the worksheet's body `inflated` bytes of spaces: small
 * on disk, huge opened. With `understated`, the zip's directory claims the worksheet opens into a
 * few kilobytes, so only counting the bytes as they are opened can stop it.
 */
async function zipBomb(file: string, inflated: number, understated = false): Promise<void> {
  const head = '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
  const tail = '</sheetData></worksheet>';
  const parts = await JSZip.loadAsync(await minimalXlsx('Census', [['SSN', 'Name']]));
  const out = createWriteStream(file);
  const central: Buffer[] = [];
  let offset = 0;
  const write = (b: Buffer) => new Promise<void>((resolve, reject) => out.write(b, (e) => (e ? reject(e) : resolve())));
  const entry = async (name: string, chunks: () => Iterable<Buffer>, actualSize: number) => {
    const size = understated && name.includes('worksheets') ? 4096 : actualSize;
    let crc = 0;
    const deflated: Buffer[] = [];
    const deflate = createDeflateRaw({ level: 9 });
    deflate.on('data', (c: Buffer) => deflated.push(c));
    const ended = new Promise((r) => deflate.on('end', r));
    for (const chunk of chunks()) {
      crc = crc32(chunk, crc);
      if (!deflate.write(chunk)) await new Promise((r) => deflate.once('drain', r));
    }
    deflate.end();
    await ended;
    const data = Buffer.concat(deflated);
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(8, 10);
    record.writeUInt32LE(crc >>> 0, 16);
    record.writeUInt32LE(data.length, 20);
    record.writeUInt32LE(size, 24);
    record.writeUInt16LE(nameBytes.length, 28);
    record.writeUInt32LE(offset, 42);
    central.push(record, nameBytes);
    await write(local);
    await write(nameBytes);
    await write(data);
    offset += local.length + nameBytes.length + data.length;
  };
  for (const name of Object.keys(parts.files)) {
    if (name === 'xl/worksheets/sheet1.xml' || parts.files[name]!.dir) continue;
    const bytes = await parts.files[name]!.async('nodebuffer');
    await entry(name, () => [bytes], bytes.length);
  }
  const spaces = Buffer.alloc(1 << 20, 0x20);
  const blocks = Math.floor(inflated / spaces.length);
  await entry(
    'xl/worksheets/sheet1.xml',
    function* () {
      yield Buffer.from(head);
      for (let i = 0; i < blocks; i++) yield spaces;
      yield Buffer.from(tail);
    },
    head.length + blocks * spaces.length + tail.length,
  );
  const centralBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(central.length / 2, 8);
  end.writeUInt16LE(central.length / 2, 10);
  end.writeUInt32LE(centralBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  await write(centralBytes);
  await write(end);
  await new Promise((r) => out.end(r));
}

/** A workbook whose one sheet is the given XML (for entity expansion and huge shared-string tables). */
async function workbookWith(sheetXml: string, sharedStrings?: string): Promise<Buffer> {
  const zip = await JSZip.loadAsync(await minimalXlsx('Census', [['SSN', 'Name']]));
  zip.file('xl/worksheets/sheet1.xml', sheetXml);
  if (sharedStrings) zip.file('xl/sharedStrings.xml', sharedStrings);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const cases: Array<{ name: string; file: string; make: (file: string) => Promise<void>; expect: RegExp | 'reads' }> = [
  { name: 'a zip bomb .xlsx (1 GB opened)', file: 'bomb.xlsx', make: (f) => zipBomb(f, 1 << 30), expect: /opens into far more data than its size/ },
  { name: 'a zip bomb .xlsx whose zip directory understates its size', file: 'quiet-bomb.xlsx', make: (f) => zipBomb(f, 1 << 30, true), expect: /opens into far more data than its size/ },
  {
    name: 'XML entity expansion in a sheet',
    file: 'entities.xlsx',
    make: async (f) => {
      const defs = ['<!ENTITY l0 "lollollollollollollollollollol">', ...Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`)].join('');
      await writeFile(f, await workbookWith(`<?xml version="1.0"?><!DOCTYPE worksheet [${defs}]><worksheet ${NS}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>SSN</t></is></c><c r="B1" t="inlineStr"><is><t>&l9;</t></is></c></row></sheetData></worksheet>`));
    },
    expect: /could not be read|damaged|not a/i,
  },
  {
    name: 'a sheet of 16,384 columns',
    file: 'wide.xlsx',
    make: async (f) => {
      const cells = (r: number) => Array.from({ length: 16384 }, (_, c) => `<c r="${XLSX.utils.encode_col(c)}${r}" t="inlineStr"><is><t>${r === 1 ? `Col ${c}` : c}</t></is></c>`).join('');
      await writeFile(f, await workbookWith(`<?xml version="1.0"?><worksheet ${NS}><sheetData><row r="1">${cells(1)}</row><row r="2">${cells(2)}</row></sheetData></worksheet>`));
    },
    expect: 'reads',
  },
  {
    name: 'a shared-strings table of a million entries',
    file: 'strings.xlsx',
    make: async (f) => {
      const items = Array.from({ length: 1_000_000 }, (_, i) => `<si><t>value number ${i}</t></si>`).join('');
      const sheet = `<?xml version="1.0"?><worksheet ${NS}><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row><row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2" t="s"><v>999999</v></c></row></sheetData></worksheet>`;
      await writeFile(f, await workbookWith(sheet, `<?xml version="1.0"?><sst ${NS} count="1000000" uniqueCount="1000000">${items}</sst>`));
    },
    expect: 'reads',
  },
  {
    name: 'a cell of 10 million characters (Excel holds 32,767)',
    file: 'long-cell.xlsx',
    make: async (f) => {
      const sheet = `<?xml version="1.0"?><worksheet ${NS}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>SSN</t></is></c><c r="B1" t="inlineStr"><is><t>Name</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>1</t></is></c><c r="B2" t="inlineStr"><is><t>${'x'.repeat(10_000_000)}</t></is></c></row></sheetData></worksheet>`;
      await writeFile(f, await workbookWith(sheet));
    },
    expect: /could not be read/,
  },
  { name: 'a 50 MB single-line csv', file: 'one-line.csv', make: (f) => writeFile(f, `SSN,Name\n${'x'.repeat(50 * 1024 * 1024)}`), expect: /could not be read|CSV/i },
  { name: 'an .exe renamed .xlsx', file: 'setup.xlsx', make: (f) => writeFile(f, Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(4096, 0)])), expect: /does not contain what its name says/ },
  {
    name: 'a truncated zip',
    file: 'cut.xlsx',
    make: async (f) => {
      const whole = await minimalXlsx('Census', [['SSN', 'Name'], ['123456789', 'Ann']]);
      await writeFile(f, whole.subarray(0, Math.floor(whole.length * 0.6)));
    },
    expect: /damaged or incomplete|could not be read/i,
  },
  {
    name: 'a password-protected workbook',
    file: 'locked.xlsx',
    make: async (f) => {
      const container = XLSX.CFB.utils.cfb_new();
      XLSX.CFB.utils.cfb_add(container, '/EncryptionInfo', Buffer.alloc(512, 1));
      XLSX.CFB.utils.cfb_add(container, '/EncryptedPackage', Buffer.alloc(8192, 7));
      await writeFile(f, XLSX.CFB.write(container, { type: 'buffer' }) as Buffer);
    },
    expect: /password|encrypt/i,
  },
  { name: 'null bytes and invalid UTF-8 in a csv', file: 'bytes.csv', make: (f) => writeFile(f, Buffer.concat([Buffer.from('SSN,Name\n1,'), Buffer.from([0xff, 0xfe, 0x00, 0xc3, 0x28, 0x00]), Buffer.from('\n')])), expect: /does not contain what its name says|could not be read/i },
  {
    name: 'a csv of 10,000 columns',
    file: 'wide.csv',
    make: (f) => writeFile(f, `${Array.from({ length: 10_000 }, (_, i) => `Col ${i}`).join(',')}\n${Array.from({ length: 10_000 }, (_, i) => i).join(',')}\n`),
    expect: 'reads',
  },
];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'dvp-hostile-'));
  for (const c of cases) await c.make(path.join(dir, c.file));
}, 240_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('hostile and broken files', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s: a clear answer within 512 MB', async (_, c) => {
    const outcome = await parseInChild(path.join(dir, c.file), c.file);
    console.log(`${c.name}: ${outcome.ok ? `read ${outcome.rows} rows × ${outcome.columns} columns` : `refused (${outcome.code}): ${outcome.message}`}; peak RSS ${outcome.peakRssMb} MB, ${outcome.ms} ms`);
    expect(outcome.peakRssMb).toBeLessThan(MAX_RSS_MB);
    if (c.expect === 'reads') expect(outcome.ok).toBe(true);
    else {
      expect(outcome.ok).toBe(false);
      expect(outcome.code).not.toBeNull();
      expect(outcome.message).toMatch(c.expect);
    }
  }, 300_000);
});
