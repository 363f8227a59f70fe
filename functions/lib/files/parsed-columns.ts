import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip, createGzip, type Gzip } from 'node:zlib';
import type { FileInput } from './input';

/**
 * Some columns of the parsed rows again, column by column, written beside them in the same read: a
 * question about a few columns of every row (is the chosen identifier unique?) then reads those
 * columns only, instead of every cell of the file. Only the columns asked for are kept: every
 * column would cost the read about half as much again.
 *
 * The object is the kept columns' bytes one after the other, each a byte range of the object. A
 * column's bytes are one gzip stream of lines, each the JSON array of the column's cells in a block
 * of rows, so a column is one ranged GET and one gunzip.
 */
const ROWS_PER_BLOCK = 4096;

/** Fastest compression, as the parsed rows: the store is written on every read and read rarely. */
const GZIP_LEVEL = 1;

/** Where a kept column is in the store: bytes [start, end); `index` is its place among the file's columns. */
export interface StoredColumn {
  index: number;
  start: number;
  end: number;
}

export interface ParsedColumnsStore {
  body: Buffer;
  columns: StoredColumn[];
}

interface KeptColumn {
  index: number;
  cells: string[];
  gzip: Gzip;
  chunks: Buffer[];
  ended: Promise<void>;
}

function keptColumn(index: number): KeptColumn {
  const gzip = createGzip({ level: GZIP_LEVEL });
  const chunks: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    gzip.on('end', resolve);
    gzip.on('error', reject);
  });
  return { index, cells: [], gzip, chunks, ended };
}

/**
 * Collects the kept columns' cells as rows are read; every block of rows goes to the column's own
 * gzip stream, which compresses on the zlib thread pool while reading goes on.
 */
export class ParsedColumnsWriter {
  private kept: KeptColumn[] = [];
  private inBlock = 0;

  /** `keep` says, by header, which columns to store. */
  constructor(private readonly keep: (column: string) => boolean) {}

  /** The file's columns, before its first row. */
  begin(columns: readonly string[]): void {
    this.kept = columns.flatMap((name, index) => (this.keep(name) ? [keptColumn(index)] : []));
  }

  add(row: readonly string[]): void {
    if (this.kept.length === 0) return;
    for (const column of this.kept) column.cells.push(row[column.index] ?? '');
    this.inBlock += 1;
    if (this.inBlock === ROWS_PER_BLOCK) this.flush();
  }

  private flush(): void {
    for (const column of this.kept) {
      column.gzip.write(`${JSON.stringify(column.cells)}\n`);
      column.cells = [];
    }
    this.inBlock = 0;
  }

  /** The store: the kept columns in the file's order. */
  async finish(): Promise<ParsedColumnsStore> {
    if (this.inBlock > 0) this.flush();
    const parts: Buffer[] = [];
    const columns: StoredColumn[] = [];
    let at = 0;
    for (const column of this.kept) {
      column.gzip.end();
      await column.ended;
      const start = at;
      for (const chunk of column.chunks) {
        parts.push(chunk);
        at += chunk.length;
      }
      columns.push({ index: column.index, start, end: at });
    }
    return { body: Buffer.concat(parts, at), columns };
  }

  /** Stops the streams of a read that failed. */
  abort(): void {
    for (const column of this.kept) column.gzip.destroy();
  }
}

/** One column's cells in row order, from its bytes of the store (streamed: a block at a time). */
export async function readColumn(bytes: FileInput): Promise<string[]> {
  const source = bytes instanceof Uint8Array ? Readable.from([bytes]) : Readable.from(bytes as AsyncIterable<Uint8Array>);
  const gunzip = createGunzip();
  source.on('error', (error) => gunzip.destroy(error));
  const decoder = new StringDecoder('utf8');
  const cells: string[] = [];
  let rest = '';
  const take = (line: string) => {
    if (line === '') return;
    const block = JSON.parse(line) as unknown;
    if (!Array.isArray(block)) throw new Error('A block of the parsed columns is not a list of cells');
    for (const cell of block) cells.push(cell as string);
  };
  for await (const chunk of source.pipe(gunzip) as AsyncIterable<Buffer>) {
    const text = rest + decoder.write(chunk);
    const lines = text.split('\n');
    rest = lines.pop()!;
    lines.forEach(take);
  }
  take(rest + decoder.end());
  return cells;
}
