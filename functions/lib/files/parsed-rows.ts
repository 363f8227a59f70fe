import { once } from 'node:events';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGunzip, createGzip, gzip, type Gzip } from 'node:zlib';
import { StringDecoder } from 'node:string_decoder';
import type { FileInput } from './input';
import { parseFile, type ParsedFileMeta, type TableOptions } from './parse';
import type { ParsedColumnsWriter } from './parsed-columns';

/**
 * Parsed rows as stored in S3: gzip of UTF-8 JSON lines.
 *
 *   line 1:  {"format":"dvp-parsed-rows","version":1,"worksheet_name":…,"header_row_index":…,"columns":[…]}
 *   line 2+: ["cell", "cell", …]   one data row per line, exactly columns.length strings
 *
 * Row i of the data (0-based, header line not counted) is what discrepancies call a row index.
 * JSON escapes line breaks inside cells, so one line is always one row.
 *
 * The gzip is a series of members (which any gunzip reads as one stream): the header line alone,
 * then parts of whole lines of about PART_TEXT_CHARS each. A part is then readable on its own, by
 * its byte range (readPartRows): a file too large for one task is split by ranges of parts.
 */
export const PARSED_ROWS_FORMAT = 'dvp-parsed-rows';
export const PARSED_ROWS_VERSION = 1;

export interface ParsedRowsHeader {
  format: typeof PARSED_ROWS_FORMAT;
  version: number;
  worksheet_name: string | null;
  header_row_index: number;
  columns: string[];
  /** Rows above the header as read (absent in files parsed before it was kept). */
  preamble?: string[][];
}

export interface ParseSummary extends ParsedFileMeta {
  row_count: number;
  /** Per column, in the order of `columns`: the rows whose cell holds more than blanks, over the whole file. */
  filled_counts: number[];
}

/** Whether a cell holds anything but whitespace; most filled cells answer at their first character. */
function isFilled(cell: string): boolean {
  for (let i = 0; i < cell.length; i++) {
    const c = cell.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13 && c !== 160 && c !== 0xfeff) return true;
  }
  return false;
}

/**
 * Fastest compression: a third of the default level's CPU for about a quarter more bytes, and the
 * stored rows are a small fraction of the upload either way.
 */
const GZIP_LEVEL = 1;

/** Unzipped bytes per chunk when reading: each is one JSON.parse of its whole lines. */
const UNZIPPED_CHUNK_BYTES = 256 * 1024;

/** Lines per write to gzip; one write per row costs more in stream overhead than in compression. */
const LINES_PER_CHUNK = 256;

/** Unzipped characters per part: a few hundred per file of millions of rows. */
export const PART_TEXT_CHARS = 16 * 1024 * 1024;

/** One part of the stored rows: a gzip member of whole lines, bytes [start, end) of the object. */
export interface ParsedRowsPart {
  start: number;
  end: number;
  /** Its first row's number (0-based, as a row index) and how many rows it holds. */
  first_row: number;
  rows: number;
  /** Its unzipped length in characters: how much work reading it is. */
  chars: number;
}

const gzipAsync = promisify(gzip);

/** The gzip member of one part, compressed on the zlib thread pool while rows are read. */
class PartMember {
  private readonly gzip: Gzip = createGzip({ level: GZIP_LEVEL });
  private readonly chunks: Buffer[] = [];
  private readonly ended: Promise<unknown>;
  rows = 0;
  chars = 0;

  constructor(readonly firstRow: number) {
    this.gzip.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.ended = once(this.gzip, 'end');
  }

  async write(text: string, rows: number): Promise<void> {
    this.rows += rows;
    this.chars += text.length;
    if (!this.gzip.write(text)) await once(this.gzip, 'drain');
  }

  async finish(): Promise<Buffer> {
    this.gzip.end();
    await this.ended;
    return Buffer.concat(this.chunks);
  }

  destroy(): void {
    this.gzip.destroy();
  }
}

export interface WriteOptions extends TableOptions {
  /** Called with the rows read so far, every few hundred rows (a long read reports progress). */
  onRows?: (rowsRead: number) => void;
  /** Also given every row, for the column store written beside the rows (parsed-columns.ts). */
  byColumn?: ParsedColumnsWriter;
  /** Given each part as it is written, in order. */
  onPart?: (part: ParsedRowsPart) => void;
  /** Unzipped characters per part (PART_TEXT_CHARS); tests make parts small. */
  partChars?: number;
}

/**
 * Parses a data file and writes its rows to `output` in the stored format, end to end as a stream.
 * Resolves when `output` has finished, with what the File record needs (row_count included).
 */
export async function writeParsedRows(
  input: FileInput,
  fileName: string,
  output: Writable,
  { onRows, byColumn, onPart, partChars = PART_TEXT_CHARS, ...options }: WriteOptions = {},
): Promise<ParseSummary> {
  const parsed = await parseFile(input, fileName, options);
  let rowCount = 0;
  const filled = new Array<number>(parsed.columns.length).fill(0);
  byColumn?.begin(parsed.columns);
  const header: ParsedRowsHeader = {
    format: PARSED_ROWS_FORMAT,
    version: PARSED_ROWS_VERSION,
    worksheet_name: parsed.worksheet_name,
    header_row_index: parsed.header_row_index,
    columns: parsed.columns,
    preamble: parsed.preamble ?? [],
  };
  let offset = 0;
  let member: PartMember | undefined;
  async function* endPart(): AsyncGenerator<Buffer> {
    if (!member) return;
    const bytes = await member.finish();
    onPart?.({ start: offset, end: offset + bytes.length, first_row: member.firstRow, rows: member.rows, chars: member.chars });
    offset += bytes.length;
    member = undefined;
    yield bytes;
  }
  async function* members(): AsyncGenerator<Buffer> {
    const head = await gzipAsync(`${JSON.stringify(header)}\n`, { level: GZIP_LEVEL });
    offset = head.length;
    yield head;
    let chunk = '';
    let inChunk = 0;
    for await (const row of parsed.rows) {
      chunk += `${JSON.stringify(row)}\n`;
      byColumn?.add(row);
      for (let c = 0; c < filled.length; c++) if (isFilled(row[c] ?? '')) filled[c] = filled[c]! + 1;
      rowCount += 1;
      inChunk += 1;
      if (inChunk === LINES_PER_CHUNK) {
        onRows?.(rowCount);
        member ??= new PartMember(rowCount - inChunk);
        await member.write(chunk, inChunk);
        chunk = '';
        inChunk = 0;
        if (member.chars >= partChars) yield* endPart();
      }
    }
    if (chunk) {
      member ??= new PartMember(rowCount - inChunk);
      await member.write(chunk, inChunk);
    }
    yield* endPart();
  }
  try {
    await pipeline(Readable.from(members()), output);
  } finally {
    member?.destroy();
    await parsed.rows.return();
  }
  const { rows: _rows, preamble: _preamble, ...meta } = parsed;
  return { ...meta, row_count: rowCount, filled_counts: filled };
}

class ParsedRowsFormatError extends Error {
  constructor(detail: string) {
    super(`Stored parsed rows are not in the ${PARSED_ROWS_FORMAT} format: ${detail}`);
    this.name = 'ParsedRowsFormatError';
  }
}

export interface OpenedParsedRows {
  header: ParsedRowsHeader;
  rows: AsyncGenerator<string[], void, undefined>;
}

/**
 * Splits the unzipped text into blocks of whole lines as it streams by: what follows the last line
 * break waits for the next chunk. A block is parsed in one JSON.parse, far cheaper than a parse
 * (and a promise) per line.
 */
async function* lineBlocks(text: AsyncIterable<Buffer>): AsyncGenerator<string, void, undefined> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of text) {
    const joined = rest + decoder.write(chunk);
    const end = joined.lastIndexOf('\n');
    if (end < 0) {
      rest = joined;
      continue;
    }
    rest = joined.slice(end + 1);
    yield joined.slice(0, end);
  }
  rest += decoder.end();
  if (rest) yield rest;
}

/** The rows of a block of lines; blank lines are skipped. */
function rowsOfBlock(block: string): unknown[] {
  const list = block.replace(/\n+/g, ',').replace(/^,|,$/g, '');
  return list ? (JSON.parse(`[${list}]`) as unknown[]) : [];
}

/** Opens stored parsed rows: the header line first, then the data rows as a stream. */
export async function openParsedRows(gzipped: FileInput): Promise<OpenedParsedRows> {
  const source = gzipped instanceof Uint8Array ? Readable.from([gzipped]) : Readable.from(gzipped as AsyncIterable<Uint8Array>);
  const gunzip = createGunzip({ chunkSize: UNZIPPED_CHUNK_BYTES });
  source.on('error', (error) => gunzip.destroy(error));
  const blocks = lineBlocks(source.pipe(gunzip));

  // Every block is whole lines: the header is the first line of the first, its rows follow it.
  const firstBlock = await blocks.next();
  if (firstBlock.done) throw new ParsedRowsFormatError('empty');
  const headerEnd = firstBlock.value.indexOf('\n');
  const firstRows = headerEnd < 0 ? '' : firstBlock.value.slice(headerEnd + 1);
  let header: ParsedRowsHeader | undefined;
  try {
    header = JSON.parse(headerEnd < 0 ? firstBlock.value : firstBlock.value.slice(0, headerEnd)) as ParsedRowsHeader;
  } catch {
    header = undefined;
  }
  if (header?.format !== PARSED_ROWS_FORMAT || header.version !== PARSED_ROWS_VERSION) {
    await blocks.return();
    source.destroy();
    throw new ParsedRowsFormatError('unknown header line');
  }
  const opened: ParsedRowsHeader = header;

  async function* rows(): AsyncGenerator<string[], void, undefined> {
    try {
      for (let block: string | undefined = firstRows; block !== undefined; ) {
        for (const row of rowsOfBlock(block)) {
          if (!Array.isArray(row)) throw new ParsedRowsFormatError('a line is not a row');
          yield row as string[];
        }
        const next = await blocks.next();
        block = next.done ? undefined : next.value;
      }
    } finally {
      await blocks.return();
      source.destroy();
      gunzip.destroy();
    }
  }
  return { header: opened, rows: rows() };
}

/** The rows of a byte range of whole parts (ParsedRowsPart), read without the rest of the object. */
export async function* readPartRows(gzipped: FileInput): AsyncGenerator<string[], void, undefined> {
  const source = gzipped instanceof Uint8Array ? Readable.from([gzipped]) : Readable.from(gzipped as AsyncIterable<Uint8Array>);
  const gunzip = createGunzip({ chunkSize: UNZIPPED_CHUNK_BYTES });
  source.on('error', (error) => gunzip.destroy(error));
  const blocks = lineBlocks(source.pipe(gunzip));
  try {
    for await (const block of blocks) {
      for (const row of rowsOfBlock(block)) {
        if (!Array.isArray(row)) throw new ParsedRowsFormatError('a line is not a row');
        yield row as string[];
      }
    }
  } finally {
    source.destroy();
    gunzip.destroy();
  }
}

/** The stored data rows as a stream, header line skipped: what the compare step reads. */
export async function* readParsedRows(gzipped: FileInput): AsyncGenerator<string[], void, undefined> {
  const { rows } = await openParsedRows(gzipped);
  yield* rows;
}
