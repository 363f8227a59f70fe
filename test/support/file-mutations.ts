import JSZip from 'jszip';
import { randomStream, type Random } from '../fixtures/generator/random';

/**
 * Seeded damage to valid data files, as files get damaged on their way to us: cut short, bytes
 * flipped or spliced in, rows or segments dropped, repeated or reordered, counts and control
 * numbers that no longer add up, encodings mixed, a workbook's zip entries or OLE sectors broken.
 * The same seed and index always give the same bytes, so a failing case is replayed from its name.
 */
export type Container = 'text' | 'x12' | 'zip' | 'ole';

export interface Mutation {
  /** What was done, with the numbers needed to read the case (offsets, counts). */
  kind: string;
  bytes: Buffer;
}

type Mutator = (bytes: Buffer, random: Random) => Promise<Mutation> | Mutation;

// ---------------------------------------------------------------------------------------------
// Any file

function truncate(bytes: Buffer, random: Random): Mutation {
  const at = random.int(0, Math.max(0, bytes.length - 1));
  return { kind: `truncated at ${at}/${bytes.length}`, bytes: bytes.subarray(0, at) };
}

function flipBytes(bytes: Buffer, random: Random): Mutation {
  const out = Buffer.from(bytes);
  const count = random.int(1, 8);
  const at: number[] = [];
  for (let i = 0; i < count && out.length; i++) {
    const p = random.int(0, out.length - 1);
    out[p] = out[p]! ^ random.int(1, 255);
    at.push(p);
  }
  return { kind: `bytes flipped at ${at.join(',')}`, bytes: out };
}

function binaryBytes(random: Random, length: number): Buffer {
  const out = Buffer.alloc(length);
  for (let i = 0; i < length; i++) out[i] = random.pick([0, 0xff, 0x1a, 0x7f, 0x80, 0xfe, random.int(0, 255), random.int(0, 31)]);
  return out;
}

function spliceBinary(bytes: Buffer, random: Random): Mutation {
  const at = random.int(0, bytes.length);
  const length = random.int(1, 96);
  const overwrite = random.chance(0.5);
  const binary = binaryBytes(random, length);
  const out = overwrite ? Buffer.concat([bytes.subarray(0, at), binary, bytes.subarray(Math.min(bytes.length, at + length))]) : Buffer.concat([bytes.subarray(0, at), binary, bytes.subarray(at)]);
  return { kind: `${length} binary bytes ${overwrite ? 'written over' : 'spliced in'} at ${at}`, bytes: out };
}

const ANY: Mutator[] = [truncate, flipBytes, spliceBinary];

// ---------------------------------------------------------------------------------------------
// Text: lines of a CSV, segments of an 834

const BOMS: Record<string, Buffer> = {
  'utf-8 BOM': Buffer.from([0xef, 0xbb, 0xbf]),
  'utf-16le BOM': Buffer.from([0xff, 0xfe]),
  'utf-16be BOM': Buffer.from([0xfe, 0xff]),
};

/** Splits into units (each with its terminator) so units can be dropped, repeated or moved. */
function units(text: string, container: 'text' | 'x12'): string[] {
  const parts = container === 'x12' ? text.split(/(?<=~\r?\n?)/) : text.split(/(?<=\r?\n)/);
  return parts.filter((p) => p !== '');
}

function unitMutator(container: 'text' | 'x12'): Mutator {
  const unit = container === 'x12' ? 'segment' : 'row';
  return (bytes, random) => {
    const list = units(bytes.toString('latin1'), container);
    if (list.length < 2) return truncate(bytes, random);
    // Keep the first unit (the ISA or the header) most of the time, so the damage lands past it.
    const from = random.chance(0.85) ? 1 : 0;
    const pick = () => random.int(from, list.length - 1);
    const op = random.pick(['dropped', 'duplicated', 'shuffled', 'moved'] as const);
    const count = random.int(1, Math.min(4, list.length - from));
    const at: number[] = [];
    if (op === 'dropped') {
      for (let i = 0; i < count && list.length > 1; i++) {
        const p = pick();
        at.push(p);
        list.splice(p, 1);
      }
    } else if (op === 'duplicated') {
      for (let i = 0; i < count; i++) {
        const p = pick();
        at.push(p);
        list.splice(random.int(from, list.length), 0, list[p]!);
      }
    } else if (op === 'shuffled') {
      const start = pick();
      const end = Math.min(list.length, start + random.int(2, 12));
      at.push(start, end);
      list.splice(start, end - start, ...random.shuffle(list.slice(start, end)));
    } else {
      const p = pick();
      const [moved] = list.splice(p, 1);
      const to = random.int(0, list.length);
      list.splice(to, 0, moved!);
      at.push(p, to);
    }
    return { kind: `${unit}s ${op} (${at.join(',')})`, bytes: Buffer.from(list.join(''), 'latin1') };
  };
}

function mixEncodings(bytes: Buffer, random: Random): Mutation {
  const op = random.pick(['latin1 in utf-8', 'utf-16 fragment', 'BOM at start', 'BOM inside', 'whole file utf-16le', 'utf-8 cut mid-character'] as const);
  const at = random.int(0, bytes.length);
  const text = bytes.toString('utf8');
  switch (op) {
    case 'latin1 in utf-8': {
      // José written by a Windows-1252 tool into an otherwise UTF-8 file (and a UTF-8 name beside it).
      const latin = Buffer.from(random.pick(['José', 'Müller', 'Peña', '£12.00', 'naïve']), 'latin1');
      const utf = Buffer.from(random.pick(['Zoë', 'Ångström', '€', '—']), 'utf8');
      const other = random.int(0, bytes.length);
      const [a, b] = at < other ? [at, other] : [other, at];
      return { kind: `${op} at ${a},${b}`, bytes: Buffer.concat([bytes.subarray(0, a), latin, bytes.subarray(a, b), utf, bytes.subarray(b)]) };
    }
    case 'utf-16 fragment': {
      const start = random.int(0, Math.max(0, text.length - 40));
      const fragment = Buffer.from(text.slice(start, start + random.int(2, 40)), 'utf16le');
      const swapped = random.chance(0.5) ? fragment.swap16() : fragment;
      return { kind: `${op} (${swapped.length} bytes) at ${at}`, bytes: Buffer.concat([bytes.subarray(0, at), swapped, bytes.subarray(at)]) };
    }
    case 'BOM at start': {
      const name = random.pick(Object.keys(BOMS));
      return { kind: `${name} at start`, bytes: Buffer.concat([BOMS[name]!, bytes]) };
    }
    case 'BOM inside': {
      const name = random.pick(Object.keys(BOMS));
      return { kind: `${name} at ${at}`, bytes: Buffer.concat([bytes.subarray(0, at), BOMS[name]!, bytes.subarray(at)]) };
    }
    case 'whole file utf-16le': {
      const bom = random.chance(0.7);
      return { kind: `${op}${bom ? ' with BOM' : ' without BOM'}`, bytes: Buffer.concat([bom ? BOMS['utf-16le BOM']! : Buffer.alloc(0), Buffer.from(text, 'utf16le')]) };
    }
    case 'utf-8 cut mid-character': {
      const multi = Buffer.from(random.pick(['é', '€', '😀', 'ñ']), 'utf8');
      return { kind: `${op} at ${at}`, bytes: Buffer.concat([bytes.subarray(0, at), multi.subarray(0, random.int(1, multi.length - 1)), bytes.subarray(at)]) };
    }
  }
}

/** Damage a spreadsheet tool or a hand edit makes to a CSV: quotes, delimiters, ragged rows, line breaks. */
function csvEdits(bytes: Buffer, random: Random): Mutation {
  const list = units(bytes.toString('utf8'), 'text');
  const row = random.int(0, list.length - 1);
  const line = list[row] ?? '';
  const op = random.pick(['unclosed quote', 'stray quote', 'delimiter changed', 'cells added', 'cells removed', 'bare CR line breaks', 'blank lines', 'very long cell', 'NUL in cell'] as const);
  const body = line.replace(/\r?\n$/, '');
  const end = line.slice(body.length);
  const pos = random.int(0, body.length);
  let changed: string;
  if (op === 'unclosed quote') changed = `${body.slice(0, pos)}"${body.slice(pos)}`;
  else if (op === 'stray quote') changed = body.replace(/,/, ',"x"y');
  else if (op === 'delimiter changed') changed = body.replace(/,/g, random.pick([';', '\t', '|']));
  else if (op === 'cells added') changed = `${body}${',extra'.repeat(random.int(1, 5))}`;
  else if (op === 'cells removed') changed = body.split(',').slice(0, random.int(0, 3)).join(',');
  else if (op === 'bare CR line breaks') return { kind: op, bytes: Buffer.from(list.join('').replace(/\r?\n/g, '\r'), 'utf8') };
  else if (op === 'blank lines') changed = `${body}${end || '\n'}${'\r\n'.repeat(random.int(1, 30))}`.replace(/\r\n$/, '');
  else if (op === 'very long cell') changed = `${body.slice(0, pos)}${'x'.repeat(random.int(1_000, 40_000))}${body.slice(pos)}`;
  else changed = `${body.slice(0, pos)}\u0000${body.slice(pos)}`;
  list[row] = changed + end;
  return { kind: `${op} on row ${row}`, bytes: Buffer.from(list.join(''), 'utf8') };
}

// ---------------------------------------------------------------------------------------------
// 834: the envelope's counts and control numbers, and its separators

const X12_CONTROLS = ['SE01', 'GE01', 'IEA01', 'ISA13/IEA02', 'ST02/SE02', 'GS06/GE02'] as const;

function x12Controls(bytes: Buffer, random: Random): Mutation {
  let text = bytes.toString('latin1');
  const which = random.pick(X12_CONTROLS);
  const off = random.pick([-3, -2, -1, 1, 2, 5, 1000]);
  const shift = (n: string) => String(Math.max(0, Number(n) + off));
  switch (which) {
    case 'SE01':
      text = text.replace(/(^|~\r?\n?)SE\*(\d+)\*/, (_m, pre: string, n: string) => `${pre}SE*${shift(n)}*`);
      break;
    case 'GE01':
      text = text.replace(/(^|~\r?\n?)GE\*(\d+)\*/, (_m, pre: string, n: string) => `${pre}GE*${shift(n)}*`);
      break;
    case 'IEA01':
      text = text.replace(/(^|~\r?\n?)IEA\*(\d+)\*/, (_m, pre: string, n: string) => `${pre}IEA*${shift(n)}*`);
      break;
    case 'ISA13/IEA02':
      // ISA13 keeps its nine digits (the ISA is fixed-width); IEA02 is changed on its own half the time.
      if (random.chance(0.5)) text = text.replace(/IEA\*(\d+)\*(\d+)/, (_m, g: string, c: string) => `IEA*${g}*${String(Number(c) + 1).padStart(9, '0')}`);
      else text = text.replace(/^(ISA(?:\*[^*]*){12}\*)(\d{9})/, (_m, pre: string, c: string) => `${pre}${String((Number(c) + 7) % 1e9).padStart(9, '0')}`);
      break;
    case 'ST02/SE02':
      text = random.chance(0.5) ? text.replace(/ST\*834\*(\w+)/, 'ST*834*9999') : text.replace(/SE\*(\d+)\*(\w+)/, (_m, n: string) => `SE*${n}*0002`);
      break;
    case 'GS06/GE02':
      text = text.replace(/GE\*(\d+)\*(\d+)/, (_m, n: string, c: string) => `GE*${n}*${Number(c) + 1}`);
      break;
  }
  return { kind: `${which} off (${off})`, bytes: Buffer.from(text, 'latin1') };
}

function x12Separators(bytes: Buffer, random: Random): Mutation {
  const text = bytes.toString('latin1');
  const op = random.pick(['segment terminator changed mid-file', 'element separator inside a value', 'ISA widened', 'ISA narrowed', 'second ISA', 'transaction repeated', 'not an 834'] as const);
  const at = random.int(110, Math.max(110, text.length - 1));
  let out: string;
  if (op === 'segment terminator changed mid-file') out = text.slice(0, at) + text.slice(at).replace(/~/g, random.pick(['\n', '|', '~~']));
  else if (op === 'element separator inside a value') out = text.replace(/NM1\*IL\*1\*([^*]*)/, (_m, last: string) => `NM1*IL*1*${last}*${random.pick(['*', '**', ':', '^'])}`);
  else if (op === 'ISA widened') out = text.replace(/^ISA\*00\*/, 'ISA*000*');
  else if (op === 'ISA narrowed') out = text.replace(/^ISA\*00\*/, 'ISA*0*');
  else if (op === 'second ISA') out = text.slice(0, at) + text.slice(0, 108) + text.slice(at);
  else if (op === 'transaction repeated') {
    const st = text.indexOf('ST*834');
    const seEnd = text.indexOf('~', text.indexOf('SE*', st)) + 1;
    out = text.slice(0, seEnd) + text.slice(st, seEnd) + text.slice(seEnd);
  } else out = text.replace('ST*834*', 'ST*837*');
  return { kind: op, bytes: Buffer.from(out, 'latin1') };
}

// ---------------------------------------------------------------------------------------------
// .xlsx: the zip container and the XML inside it

interface ZipEntry {
  name: string;
  /** Offset of the local file header. */
  header: number;
  data: number;
  compressedSize: number;
}

function zipEntries(bytes: Buffer): ZipEntry[] {
  const entries: ZipEntry[] = [];
  let p = 0;
  while (p + 30 <= bytes.length && bytes.readUInt32LE(p) === 0x04034b50) {
    const compressedSize = bytes.readUInt32LE(p + 18);
    const nameLength = bytes.readUInt16LE(p + 26);
    const extraLength = bytes.readUInt16LE(p + 28);
    const data = p + 30 + nameLength + extraLength;
    entries.push({ name: bytes.toString('latin1', p + 30, p + 30 + nameLength), header: p, data, compressedSize });
    // Writers that stream (a data descriptor after the data) leave the size 0 here: stop there.
    if (compressedSize === 0 && bytes.readUInt16LE(p + 6) & 8) break;
    p = data + compressedSize;
  }
  return entries;
}

function centralDirectory(bytes: Buffer): number {
  return bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06])));
}

function zipRaw(bytes: Buffer, random: Random): Mutation {
  const entries = zipEntries(bytes);
  if (!entries.length) return flipBytes(bytes, random);
  const entry = random.pick(entries);
  const out = Buffer.from(bytes);
  const op = random.pick(['data flipped', 'data zeroed', 'compressed size wrong', 'sizes wrong', 'method changed', 'crc wrong', 'name changed', 'local header broken', 'central directory damaged', 'end record damaged', 'entry cut out'] as const);
  const span = Math.max(1, entry.compressedSize);
  switch (op) {
    case 'data flipped':
      for (let i = random.int(1, 6); i > 0; i--) {
        const at = entry.data + random.int(0, span - 1);
        if (at < out.length) out[at] = out[at]! ^ random.int(1, 255);
      }
      break;
    case 'data zeroed': {
      const start = entry.data + random.int(0, span - 1);
      out.fill(0, start, Math.min(out.length, start + random.int(1, 64)));
      break;
    }
    case 'compressed size wrong':
      out.writeUInt32LE(random.pick([0, 1, entry.compressedSize + random.int(1, 500), Math.max(0, entry.compressedSize - random.int(1, 50)), 0xffffffff]) >>> 0, entry.header + 18);
      break;
    case 'sizes wrong':
      out.writeUInt32LE(random.pick([0, 1, 0x7fffffff, random.int(0, 1 << 20)]) >>> 0, entry.header + 22);
      break;
    case 'method changed':
      out.writeUInt16LE(random.pick([0, 1, 12, 14, 99, 0xffff]), entry.header + 8);
      break;
    case 'crc wrong':
      out.writeUInt32LE((out.readUInt32LE(entry.header + 14) ^ (random.int(1, 0xffff) << 8)) >>> 0, entry.header + 14);
      break;
    case 'name changed': {
      const at = entry.header + 30 + random.int(0, Math.max(0, entry.name.length - 1));
      out[at] = random.pick([0x2f, 0x00, 0x41, 0x7a, 0xff]);
      break;
    }
    case 'local header broken':
      out.fill(random.int(0, 255), entry.header + random.int(4, 26), entry.header + 30);
      break;
    case 'central directory damaged': {
      const cd = centralDirectory(out);
      if (cd < 0) return flipBytes(bytes, random);
      for (let i = random.int(1, 6); i > 0; i--) {
        const at = random.int(cd, out.length - 1);
        out[at] = out[at]! ^ random.int(1, 255);
      }
      break;
    }
    case 'end record damaged': {
      const end = out.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
      if (end < 0) return flipBytes(bytes, random);
      const field = random.pick([8, 10, 12, 16]);
      if (field === 12 || field === 16) out.writeUInt32LE(random.int(0, 0xffffff), end + field);
      else out.writeUInt16LE(random.int(0, 0xffff), end + field);
      break;
    }
    case 'entry cut out':
      return { kind: `zip entry ${entry.name}: ${op}`, bytes: Buffer.concat([bytes.subarray(0, entry.header), bytes.subarray(entry.data + entry.compressedSize)]) };
  }
  return { kind: `zip entry ${entry.name}: ${op}`, bytes: out };
}

/** The XML of one part damaged and the workbook zipped again, so the zip itself is sound. */
async function zipPart(bytes: Buffer, random: Random): Promise<Mutation> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    return flipBytes(bytes, random);
  }
  const names = Object.keys(zip.files).filter((n) => !zip.files[n]!.dir);
  // Worksheets and shared strings hold the rows: damage them most often.
  const rich = names.filter((n) => /worksheets\/|sharedStrings|workbook\.xml$/.test(n));
  const name = random.chance(0.75) && rich.length ? random.pick(rich) : random.pick(names);
  const xml = await zip.file(name)!.async('nodebuffer');
  const text = xml.toString('utf8');
  const op = random.pick(['removed', 'truncated', 'bytes flipped', 'rows dropped or repeated', 'bad shared string index', 'bad cell reference', 'bad cell type', 'tag unclosed', 'entity broken', 'encoding mixed', 'emptied'] as const);
  let damaged: Buffer | null;
  switch (op) {
    case 'removed':
      damaged = null;
      break;
    case 'truncated':
      damaged = xml.subarray(0, random.int(0, xml.length - 1));
      break;
    case 'bytes flipped':
      damaged = flipBytes(xml, random).bytes;
      break;
    case 'rows dropped or repeated': {
      const rows = text.match(/<row[\s\S]*?<\/row>/g) ?? [];
      if (!rows.length) {
        damaged = flipBytes(xml, random).bytes;
        break;
      }
      const row = random.pick(rows);
      damaged = Buffer.from(text.replace(row, random.pick(['', row + row, row.replace(/r="\d+"/, 'r="1"')])));
      break;
    }
    case 'bad shared string index':
      damaged = Buffer.from(text.replace(/(<c [^>]*t="s"[^>]*>\s*<v>)\d+(<\/v>)/, (_m, a: string, b: string) => `${a}${random.pick(['99999', '-1', 'x', '', '1e9'])}${b}`));
      break;
    case 'bad cell reference':
      damaged = Buffer.from(text.replace(/(<c r=")[A-Z]+\d+(")/, (_m, a: string, b: string) => `${a}${random.pick(['XFE1', 'A0', 'A99999999', '1A', '', 'ZZZZZZ1', 'A-1'])}${b}`));
      break;
    case 'bad cell type':
      damaged = Buffer.from(text.replace(/(<c [^>]*?)( t="\w+")?(>)/, (_m, a: string, _t: string, b: string) => `${a} t="${random.pick(['n', 'd', 'b', 'e', 'zz', 'inlineStr', 'str'])}"${b}`));
      break;
    case 'tag unclosed': {
      const at = text.indexOf('</', random.int(0, text.length));
      damaged = Buffer.from(at < 0 ? text.slice(0, -2) : text.slice(0, at) + text.slice(text.indexOf('>', at) + 1));
      break;
    }
    case 'entity broken':
      damaged = Buffer.from(text.replace(/<(v|t)>/, `<$1>${random.pick(['&', '&bogus;', '&#xFFFFFF;', '&#0;', '<', ']]>'])}`));
      break;
    case 'encoding mixed':
      damaged = mixEncodings(xml, random).bytes;
      break;
    case 'emptied':
      damaged = Buffer.alloc(0);
      break;
  }
  if (damaged === null) zip.remove(name);
  else zip.file(name, damaged);
  return { kind: `part ${name}: ${op}`, bytes: await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }) };
}

// ---------------------------------------------------------------------------------------------
// .xls: the OLE compound file (512-byte sectors after a 512-byte header)

const SECTOR = 512;

function oleSectors(bytes: Buffer, random: Random): Mutation {
  if (bytes.length < 2 * SECTOR) return flipBytes(bytes, random);
  const out = Buffer.from(bytes);
  const sectors = Math.max(1, Math.floor((bytes.length - SECTOR) / SECTOR));
  const op = random.pick(['header field', 'DIFAT entry', 'FAT entry', 'directory entry', 'sector flipped', 'sector zeroed', 'sector duplicated', 'cut at a sector'] as const);
  const sectorAt = (s: number) => SECTOR + s * SECTOR;
  const fatSector = out.length >= 80 ? out.readUInt32LE(76) : 0;
  const dirSector = out.length >= 52 ? out.readUInt32LE(48) : 0;
  const value = () => random.pick([0, 1, 0xfffffffe, 0xffffffff, 0xfffffffd, 0xfffffffc, random.int(0, sectors + 4), 0x7fffffff]) >>> 0;
  switch (op) {
    case 'header field': {
      // Byte order, sector shifts, FAT count, first directory sector, mini cutoff, mini FAT, DIFAT.
      const field = random.pick([28, 30, 32, 44, 48, 56, 60, 64, 68, 72]);
      if (field <= 32) out.writeUInt16LE(random.pick([0, 1, 7, 9, 12, 16, 0xffff]), field);
      else out.writeUInt32LE(value(), field);
      return { kind: `OLE header field at ${field}`, bytes: out };
    }
    case 'DIFAT entry':
      out.writeUInt32LE(value(), 76 + 4 * random.int(0, 3));
      return { kind: op, bytes: out };
    case 'FAT entry': {
      const base = sectorAt(fatSector);
      if (base + SECTOR > out.length) return flipBytes(bytes, random);
      const entry = random.int(0, Math.min(127, sectors));
      out.writeUInt32LE(random.pick([entry, (entry + 1) % (sectors + 1), value()]) >>> 0, base + entry * 4);
      return { kind: `FAT entry ${entry}`, bytes: out };
    }
    case 'directory entry': {
      const base = sectorAt(dirSector) + 128 * random.int(0, 3);
      if (base + 128 > out.length) return flipBytes(bytes, random);
      const field = random.pick([64, 66, 67, 68, 72, 76, 116, 120]);
      if (field === 64) out.writeUInt16LE(random.pick([0, 2, 64, 200]), base + field);
      else if (field === 66 || field === 67) out[base + field] = random.int(0, 255);
      else out.writeUInt32LE(field === 120 ? random.pick([0, 1, 0x7fffffff, 0xffffffff, random.int(0, bytes.length * 2)]) >>> 0 : value(), base + field);
      return { kind: `directory entry field at ${base + field - sectorAt(dirSector)}`, bytes: out };
    }
    case 'sector flipped': {
      const s = random.int(0, sectors - 1);
      for (let i = random.int(1, 16); i > 0; i--) {
        const at = sectorAt(s) + random.int(0, SECTOR - 1);
        if (at < out.length) out[at] = out[at]! ^ random.int(1, 255);
      }
      return { kind: `sector ${s} flipped`, bytes: out };
    }
    case 'sector zeroed': {
      const s = random.int(0, sectors - 1);
      out.fill(random.pick([0, 0xff]), sectorAt(s), Math.min(out.length, sectorAt(s + 1)));
      return { kind: `sector ${s} zeroed`, bytes: out };
    }
    case 'sector duplicated': {
      const s = random.int(0, sectors - 1);
      const to = random.int(0, sectors - 1);
      bytes.copy(out, sectorAt(to), sectorAt(s), Math.min(bytes.length, sectorAt(s + 1)));
      return { kind: `sector ${s} copied over ${to}`, bytes: out };
    }
    case 'cut at a sector': {
      const s = random.int(0, sectors);
      return { kind: `cut after sector ${s}`, bytes: bytes.subarray(0, sectorAt(s)) };
    }
  }
}

// ---------------------------------------------------------------------------------------------

const MUTATORS: Record<Container, Array<[Mutator, number]>> = {
  text: [...ANY.map((m) => [m, 1] as [Mutator, number]), [unitMutator('text'), 3], [mixEncodings, 2], [csvEdits, 3]],
  x12: [...ANY.map((m) => [m, 1] as [Mutator, number]), [unitMutator('x12'), 3], [x12Controls, 3], [x12Separators, 2], [mixEncodings, 1]],
  zip: [...ANY.map((m) => [m, 1] as [Mutator, number]), [zipRaw, 4], [zipPart, 4]],
  ole: [...ANY.map((m) => [m, 1] as [Mutator, number]), [oleSectors, 6]],
};

function weighted(list: Array<[Mutator, number]>, random: Random): Mutator {
  const total = list.reduce((s, [, w]) => s + w, 0);
  let r = random.next() * total;
  for (const [m, w] of list) {
    r -= w;
    if (r < 0) return m;
  }
  return list[list.length - 1]![0];
}

/**
 * The `index`th mutation of `seed` for a file of the given container: one to three damages in a row
 * (one most often), each drawn from the container's own and the generic ones.
 */
export async function mutate(valid: Buffer, container: Container, seed: string, index: number): Promise<Mutation> {
  const random = randomStream(seed, `mutation-${index}`);
  const steps = random.chance(0.8) ? 1 : random.int(2, 3);
  let bytes = valid;
  const kinds: string[] = [];
  for (let i = 0; i < steps; i++) {
    let mutator = weighted(MUTATORS[container], random);
    // JSZip throws outside any promise on a zip an earlier step damaged: re-zip only the valid file.
    if (mutator === zipPart && i > 0) mutator = zipRaw;
    const m = await mutator(bytes, random);
    bytes = m.bytes;
    kinds.push(m.kind);
  }
  return { kind: kinds.join(' + '), bytes };
}
