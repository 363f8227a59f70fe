import type { Cell, PackedRows, Row, Table } from './types';

/** A cell as a string: spreadsheet readers hand back numbers, and short rows leave cells out. */
export function cellText(row: Row, index: number): string {
  const v: Cell = row[index];
  return typeof v === 'string' ? v : v == null ? '' : String(v);
}

export function rowText(row: Row): string[] {
  const out = new Array<string>(row.length);
  for (let i = 0; i < row.length; i++) out[i] = cellText(row, i);
  return out;
}

type AnyIterator = Iterator<Row> | AsyncIterator<Row>;

export function openRows(table: Table): AnyIterator {
  const rows = table.rows as Iterable<Row> & AsyncIterable<Row>;
  if (typeof rows[Symbol.asyncIterator] === 'function') return rows[Symbol.asyncIterator]();
  return rows[Symbol.iterator]();
}

export function openRowsSync(table: Table): Iterator<Row> {
  const rows = table.rows as Iterable<Row>;
  if (typeof rows[Symbol.iterator] !== 'function') throw new Error('These rows are asynchronous: use compareTables');
  return rows[Symbol.iterator]();
}

/** Reads the first `size` rows, for inference, leaving the iterator positioned after them. */
export async function takeSample(it: AnyIterator, size: number): Promise<{ rows: Row[]; done: boolean }> {
  const rows: Row[] = [];
  while (rows.length < size) {
    const next = await it.next();
    if (next.done) return { rows, done: true };
    rows.push(next.value);
  }
  return { rows, done: false };
}

export function takeSampleSync(it: Iterator<Row>, size: number): { rows: Row[]; done: boolean } {
  const rows: Row[] = [];
  while (rows.length < size) {
    const next = it.next();
    if (next.done) return { rows, done: true };
    rows.push(next.value);
  }
  return { rows, done: false };
}

/** Row `r` of a packed batch of rows `width` cells wide, cut out into cells. */
export function unpackRow(packed: PackedRows, r: number, width: number): string[] {
  const row = new Array<string>(width);
  const { text, ends } = packed;
  let k = r * width;
  let start = k === 0 ? 0 : ends[k - 1]!;
  for (let c = 0; c < width; c++, k++) {
    const end = ends[k]!;
    row[c] = text.slice(start, end);
    start = end;
  }
  return row;
}
