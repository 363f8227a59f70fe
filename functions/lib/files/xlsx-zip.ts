import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw, type ZlibOptions } from 'node:zlib';
import { FileParseError } from './errors';
import { readAhead } from './input';
import { messages } from './messages';

/**
 * A zip archive read through its central directory, the table of contents at its end: the parts
 * of a workbook can then be read in the order they are needed (strings and styles before the
 * worksheets) whatever order the writer stored them in, and parts nobody asks for are never
 * opened. The upload arrives as a stream, so it is first kept whole: in memory when small, in a
 * temporary file otherwise.
 */

/** Uploads up to this size are kept in memory; larger ones go to a temporary file. */
const IN_MEMORY_BYTES = 16 * 1024 * 1024;

/**
 * A zip bomb is a few kilobytes that open into gigabytes. Real workbooks open to at most a few dozen
 * times their size (XML compresses well, but not a thousandfold), so the bytes a workbook's parts
 * open into may not pass this multiple of the file's size, plus an allowance for small files.
 */
export const MAX_INFLATION_RATIO = 100;
export const INFLATION_ALLOWANCE_BYTES = 64 * 1024 * 1024;

/**
 * zlib's streams take the stream options too (Node passes them to Transform): a large buffer lets
 * zlib open the next chunks on its own thread while this one is parsed. Chunks of 64 KB: their
 * text is short-lived and small enough for the young generation, where a 256 KB one goes straight
 * to the large-object space and waits for a full collection (a tenth of a workbook's read).
 */
const INFLATE_OPTIONS: ZlibOptions & { highWaterMark: number } = { chunkSize: 64 * 1024, highWaterMark: 4 * 1024 * 1024 };

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_END_OF_CENTRAL_DIRECTORY = 0x06064b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

export interface ZipEntry {
  name: string;
  method: number;
  encrypted: boolean;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

/** Random access to the bytes of the archive, wherever they are kept. */
interface ZipBytes {
  size: number;
  read(offset: number, length: number): Promise<Buffer>;
  stream(start: number, length: number): Readable;
  close(): Promise<void>;
}

/** Any structural fault of the archive; the caller turns it into the damaged-workbook message. */
export class BrokenZipError extends Error {
  override name = 'BrokenZipError';
}

export interface KeepOptions {
  /** Uploads up to this size are kept in memory (default 16 MB). */
  inMemoryBytes?: number;
  /** Where the temporary folder of a larger upload is made (default the OS's). */
  tempDir?: string;
}

async function keepWhole(input: Readable, { inMemoryBytes = IN_MEMORY_BYTES, tempDir = tmpdir() }: KeepOptions): Promise<ZipBytes> {
  const rest = (input as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  // One byte past the in-memory size tells a file of exactly that size from a larger one.
  const ahead = await readAhead(rest, inMemoryBytes + 1);
  const { chunks } = ahead;
  let size = ahead.length;
  if (ahead.ended) return inMemory(Buffer.concat(chunks, size));

  const dir = await mkdtemp(path.join(tempDir, 'dvp-xlsx-'));
  const file = path.join(dir, 'upload.xlsx');
  try {
    await pipeline(
      Readable.from(
        (async function* () {
          yield* chunks;
          chunks.length = 0;
          for (let next = await rest.next(); !next.done; next = await rest.next()) {
            size += next.value.length;
            yield next.value;
          }
        })(),
      ),
      createWriteStream(file),
    );
    return await onDisk(file, dir, size);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

function inMemory(bytes: Buffer): ZipBytes {
  return {
    size: bytes.length,
    read: async (offset, length) => bytes.subarray(offset, Math.min(bytes.length, offset + length)),
    stream(start, length) {
      const end = Math.min(bytes.length, start + length);
      // Handed over in slices so the inflater never holds more than one slice of input at a time.
      return Readable.from(
        (function* () {
          for (let at = start; at < end; at += 256 * 1024) yield bytes.subarray(at, Math.min(end, at + 256 * 1024));
        })(),
      );
    },
    close: async () => undefined,
  };
}

async function onDisk(file: string, dir: string, size: number): Promise<ZipBytes> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    size,
    async read(offset, length) {
      const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
      return buffer.subarray(0, bytesRead);
    },
    stream: (start, length) => (length > 0 ? createReadStream(file, { start, end: start + length - 1, highWaterMark: 256 * 1024 }) : Readable.from([])),
    async close() {
      await handle.close().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Where the central directory is and how many entries it lists, from the end of the archive. */
async function locateDirectory(bytes: ZipBytes): Promise<{ offset: number; size: number; count: number }> {
  // The end record is 22 bytes plus a comment of at most 65,535.
  const tailLength = Math.min(bytes.size, 22 + 65_535);
  const tail = await bytes.read(bytes.size - tailLength, tailLength);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new BrokenZipError('no end of central directory: the zip is cut short or not a zip');
  let count = tail.readUInt16LE(at + 10);
  let size = tail.readUInt32LE(at + 12);
  let offset = tail.readUInt32LE(at + 16);
  if ((count === 0xffff || size === 0xffffffff || offset === 0xffffffff) && at >= 20 && tail.readUInt32LE(at - 20) === ZIP64_END_LOCATOR) {
    const recordOffset = Number(tail.readBigUInt64LE(at - 20 + 8));
    const record = await bytes.read(recordOffset, 56);
    if (record.length < 56 || record.readUInt32LE(0) !== ZIP64_END_OF_CENTRAL_DIRECTORY) throw new BrokenZipError('bad zip64 end record');
    count = Number(record.readBigUInt64LE(32));
    size = Number(record.readBigUInt64LE(40));
    offset = Number(record.readBigUInt64LE(48));
  }
  if (offset + size > bytes.size) throw new BrokenZipError('central directory beyond the end of the file');
  return { offset, size, count };
}

function readEntries(directory: Buffer, count: number): ZipEntry[] {
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_FILE_HEADER) throw new BrokenZipError('bad central directory record');
    const flags = directory.readUInt16LE(at + 8);
    const method = directory.readUInt16LE(at + 10);
    let compressedSize = directory.readUInt32LE(at + 20);
    let size = directory.readUInt32LE(at + 24);
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    let localHeaderOffset = directory.readUInt32LE(at + 42);
    const nameEnd = at + 46 + nameLength;
    if (nameEnd + extraLength + commentLength > directory.length) throw new BrokenZipError('central directory record runs past its end');
    // Bit 11 says UTF-8; part names of a workbook are ASCII in practice either way.
    const name = directory.toString(flags & 0x800 ? 'utf8' : 'latin1', at + 46, nameEnd).replace(/\\/g, '/');
    // Sizes too large for 32 bits are in the zip64 extra field, in this order, only where they overflowed.
    for (let x = nameEnd; x + 4 <= nameEnd + extraLength; ) {
      const id = directory.readUInt16LE(x);
      const length = directory.readUInt16LE(x + 2);
      if (id === 0x0001) {
        let field = x + 4;
        if (size === 0xffffffff) {
          size = Number(directory.readBigUInt64LE(field));
          field += 8;
        }
        if (compressedSize === 0xffffffff) {
          compressedSize = Number(directory.readBigUInt64LE(field));
          field += 8;
        }
        if (localHeaderOffset === 0xffffffff) localHeaderOffset = Number(directory.readBigUInt64LE(field));
      }
      x += 4 + length;
    }
    entries.push({ name, method, encrypted: (flags & 1) === 1, compressedSize, size, localHeaderOffset });
    at = nameEnd + extraLength + commentLength;
  }
  return entries;
}

export interface ZipArchive {
  /** The entry of that part name (case-insensitive, as part names are), if the archive has it. */
  entry(name: string): ZipEntry | undefined;
  /** The opened bytes of an entry, in chunks, counted against the archive's inflation budget. */
  open(entry: ZipEntry): AsyncGenerator<Buffer, void, undefined>;
  close(): Promise<void>;
}

/** Reads the upload whole, then its central directory. Throws BrokenZipError for a damaged archive. */
export async function openZip(input: Readable, options: KeepOptions = {}): Promise<ZipArchive> {
  const bytes = await keepWhole(input, options);
  try {
    const { offset, size, count } = await locateDirectory(bytes);
    const entries = readEntries(await bytes.read(offset, size), count);
    const byName = new Map<string, ZipEntry>();
    for (const e of entries) if (!byName.has(e.name.toLowerCase())) byName.set(e.name.toLowerCase(), e);
    let inflated = 0;
    const budget = bytes.size * MAX_INFLATION_RATIO + INFLATION_ALLOWANCE_BYTES;
    const overBudget = (opened: number) => new FileParseError('TOO_LARGE', messages.zipBomb(opened, bytes.size));

    async function* open(entry: ZipEntry): AsyncGenerator<Buffer, void, undefined> {
      if (entry.encrypted) throw new BrokenZipError('encrypted zip entry');
      if (entry.method !== STORED && entry.method !== DEFLATED) throw new BrokenZipError(`unsupported compression method ${entry.method}`);
      // The size the directory declares is checked first, so a bomb is refused without opening it;
      // the bytes actually opened are counted too, as the declared size can lie.
      if (inflated + entry.size > budget) throw overBudget(inflated + entry.size);
      const header = await bytes.read(entry.localHeaderOffset, 30);
      if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_FILE_HEADER) throw new BrokenZipError('bad local file header');
      const dataStart = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
      if (dataStart + entry.compressedSize > bytes.size) throw new BrokenZipError('entry runs past the end of the file');
      const raw = bytes.stream(dataStart, entry.compressedSize);
      const inflater = entry.method === DEFLATED ? createInflateRaw(INFLATE_OPTIONS) : undefined;
      const opened = inflater ? raw.pipe(inflater) : raw;
      raw.once('error', (error) => opened.destroy(error));
      try {
        for await (const chunk of opened as AsyncIterable<Buffer>) {
          inflated += chunk.length;
          if (inflated > budget) throw overBudget(inflated);
          yield chunk;
        }
      } catch (error) {
        if (error instanceof FileParseError) throw error;
        throw new BrokenZipError(`entry ${entry.name} could not be opened`, { cause: error });
      } finally {
        raw.destroy();
        inflater?.destroy();
      }
    }

    return { entry: (name) => byName.get(name.toLowerCase()), open, close: () => bytes.close() };
  } catch (error) {
    await bytes.close();
    throw error;
  }
}
