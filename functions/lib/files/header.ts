import { HEADER_LOOKAHEAD_ROWS } from './limits';

/** One row as read from the file: its 0-based position in the sheet and its trimmed cells. */
export interface RawRow {
  index: number;
  cells: string[];
}

export const nonEmptyCount = (cells: readonly string[]) => cells.reduce((n, c) => (c === '' ? n : n + 1), 0);

/** Width up to the last non-empty cell, so trailing blank cells do not widen the table. */
export const usedWidth = (cells: readonly string[]) => {
  for (let i = cells.length - 1; i >= 0; i -= 1) if (cells[i] !== '') return i + 1;
  return 0;
};

/** Column names contain letters; values like 012345678, 01/05/1980 or $1,200.00 do not. */
const isLabel = (cell: string) => /\p{L}/u.test(cell);

export type HeaderSearch =
  | { kind: 'table'; position: number }
  | { kind: 'header-only'; position: number }
  | { kind: 'none' };

/**
 * Finds the first row that reads as a table's header: at least two non-empty cells that are mostly
 * labels and mostly distinct, followed by rows of a comparable width. Titles ('Acme Corp Enrollment
 * Report', 'Run date: 01/02/2024') fail on width: one or two cells above a much wider row.
 *
 * `rows` holds only non-empty rows, in order; `complete` says whether they are the whole sheet, so a
 * lone header at the end can be told apart from a sample that merely stops there.
 */
export function findHeader(rows: readonly RawRow[], searchRows: number, complete: boolean): HeaderSearch {
  let headerOnly: number | undefined;
  const last = Math.min(rows.length, searchRows);
  for (let position = 0; position < last; position += 1) {
    const cells = rows[position]!.cells;
    if (!readsAsHeader(cells)) continue;
    const following = rows.slice(position + 1, position + 1 + HEADER_LOOKAHEAD_ROWS);
    if (following.length === 0) {
      if (complete && headerOnly === undefined) headerOnly = position;
      continue;
    }
    if (hasMatchingData(cells, following)) return { kind: 'table', position };
  }
  return headerOnly === undefined ? { kind: 'none' } : { kind: 'header-only', position: headerOnly };
}

function readsAsHeader(cells: readonly string[]): boolean {
  const filled = cells.filter((c) => c !== '');
  if (filled.length < 2) return false;
  // 'Invoice Number:' beside its value is a title line's label, not a column name.
  if (filled.some((c) => c.trimEnd().endsWith(':'))) return false;
  const labels = filled.filter(isLabel).length;
  const distinct = new Set(filled.map((c) => c.toLowerCase())).size;
  return labels >= 0.75 * filled.length && distinct >= Math.max(2, 0.5 * filled.length);
}

function hasMatchingData(header: readonly string[], following: readonly RawRow[]): boolean {
  const headerCount = nonEmptyCount(header);
  const widest = Math.max(...following.slice(0, 3).map((r) => nonEmptyCount(r.cells)));
  // Data rows may leave optional columns blank, but a real header is never much narrower than its data.
  return widest >= Math.ceil(0.3 * headerCount) && headerCount >= 0.5 * widest;
}

/**
 * Column names as the user will see and pick them: blanks become 'Column 7' (its position), repeats
 * get ' (2)', ' (3)' — compared case-insensitively, because column recognition is case-insensitive.
 */
export function columnNames(header: readonly string[], width: number): string[] {
  const taken = new Set<string>();
  const names: string[] = [];
  for (let i = 0; i < width; i += 1) {
    const base = (header[i] ?? '').replace(/\s+/g, ' ').trim() || `Column ${i + 1}`;
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${base} (${n})`;
    taken.add(name.toLowerCase());
    names.push(name);
  }
  return names;
}
