import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
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

export interface WriteOptions extends TableOptions {
  /** Called with the rows read so far, every few hundred rows (a long read reports progress). */
  onRows?: (rowsRead: number) => void;
  /** Also given every row, for the column store written beside the rows (parsed-columns.ts). */
  byColumn?: ParsedColumnsWriter;
}

/**
 * Parses a data file and writes its rows to `output` in the stored format, end to end as a stream.
 * Resolves when `output` has finished, with what the File record needs (row_count included).
 */
export async function writeParsedRows(
  input: FileInput,
  fileName: string,
  output: Writable,
  { onRows, byColumn, ...options }: WriteOptions = {},
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
  async function* lines(): AsyncGenerator<string> {
    yield `${JSON.stringify(header)}\n`;
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
        yield chunk;
        chunk = '';
        inChunk = 0;
      }
    }
    if (chunk) yield chunk;
  }
  try {
    await pipeline(Readable.from(lines()), createGzip({ level: GZIP_LEVEL }), output);
  } finally {
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

/** The stored data rows as a stream, header line skipped: what the compare step reads. */
export async function* readParsedRows(gzipped: FileInput): AsyncGenerator<string[], void, undefined> {
  const { rows } = await openParsedRows(gzipped);
  yield* rows;
}
