import { FileParseError } from './errors';
import { columnNames, findHeader, nonEmptyCount, usedWidth, type RawRow } from './header';
import { HEADER_LOOKAHEAD_ROWS, HEADER_SEARCH_ROWS, MAX_COLUMN_NAME_CHARS, MAX_TABLE_COLUMNS } from './limits';
import { messages } from './messages';
import type { SheetSource, WorkbookSource } from './source';

export interface WorksheetInfo {
  name: string;
  /** A header row followed by data rows was found (a cover or read-me sheet has none). */
  has_table: boolean;
  hidden: boolean;
}

export interface TableOptions {
  /** Exact worksheet name; without it, the first visible worksheet holding a table is used. */
  worksheetName?: string;
  /** 0-based row of the column names (Excel row number minus 1; CSV record number minus 1). */
  headerRowIndex?: number;
}

export interface OpenedTable {
  worksheet_name: string | null;
  header_row_index: number;
  columns: string[];
  /** The non-empty rows above the header (a title, an invoice's number and period), a few at most. */
  preamble?: string[][];
  rows: AsyncGenerator<string[], void, undefined>;
}

const MAX_PREAMBLE_ROWS = 20;
const MAX_PREAMBLE_CELLS = 20;

interface SheetSample {
  rows: RawRow[];
  complete: boolean;
}

/**
 * Reads the first non-empty rows of a sheet, enough to find its header; with `headerRowIndex`, that
 * row (if it has any content) followed by a few non-empty rows.
 */
async function sampleSheet(sheet: SheetSource, headerRowIndex: number | undefined): Promise<SheetSample> {
  const rows: RawRow[] = [];
  const wanted = headerRowIndex === undefined ? HEADER_SEARCH_ROWS + HEADER_LOOKAHEAD_ROWS : 1 + HEADER_LOOKAHEAD_ROWS;
  while (rows.length < wanted) {
    const next = await sheet.rows.next();
    if (next.done) return { rows, complete: true };
    const row = next.value;
    if (headerRowIndex !== undefined && rows.length === 0) {
      if (row.index < headerRowIndex) continue;
      // Passed the chosen row without finding content in it: an empty sample says so to judge().
      if (row.index > headerRowIndex || nonEmptyCount(row.cells) === 0) return { rows: [], complete: false };
    }
    if (nonEmptyCount(row.cells) > 0) rows.push(row);
  }
  return { rows, complete: false };
}

type SheetVerdict =
  | { kind: 'table'; position: number }
  | { kind: 'header-only' | 'none' | 'empty' | 'header-row-empty' };

function judge(sample: SheetSample, headerRowIndex: number | undefined): SheetVerdict {
  if (headerRowIndex !== undefined) {
    const first = sample.rows[0];
    if (!first || first.index !== headerRowIndex) return { kind: 'header-row-empty' };
    return sample.rows.length > 1 ? { kind: 'table', position: 0 } : { kind: 'header-only' };
  }
  if (sample.rows.length === 0) return { kind: 'empty' };
  return findHeader(sample.rows, HEADER_SEARCH_ROWS, sample.complete);
}

function verdictError(kind: Exclude<SheetVerdict['kind'], 'table'>, headerRowIndex: number | undefined, workbook: boolean, isWorkbook: boolean): FileParseError {
  switch (kind) {
    case 'empty':
      // A workbook of some size with no cell in it is blank or damaged; "this file is empty" would misdirect.
      return new FileParseError('EMPTY_FILE', isWorkbook ? messages.noCells() : messages.empty());
    case 'header-only':
      return new FileParseError('HEADER_ONLY', messages.headerOnly());
    case 'header-row-empty':
      return new FileParseError('HEADER_ROW_EMPTY', messages.headerRowEmpty((headerRowIndex ?? 0) + 1));
    case 'none':
      return new FileParseError('NO_HEADER', workbook ? messages.noTable() : messages.noHeader());
  }
}

/** The most useful thing to tell a user when no sheet qualified: the closest any came. */
const verdictRank = { 'header-only': 3, 'header-row-empty': 2, none: 1, empty: 0 } as const;

/** Lists every worksheet with whether it holds a table. Reads the whole file. */
export async function surveyWorksheets(source: WorkbookSource): Promise<WorksheetInfo[]> {
  const found: WorksheetInfo[] = [];
  try {
    for (;;) {
      const next = await source.sheets.next();
      if (next.done) break;
      const sheet = next.value;
      const verdict = judge(await sampleSheet(sheet, sheet.headerRowIndex), sheet.headerRowIndex);
      await sheet.skip();
      if (sheet.name !== null) found.push({ name: sheet.name, has_table: verdict.kind === 'table', hidden: sheet.hidden });
    }
  } finally {
    await source.close();
  }
  const order = source.sheetNames();
  return found.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
}

/**
 * Picks the worksheet and header row and returns the table's rows as a stream. Once this resolves,
 * the caller must read `rows` to the end or call `rows.return()`, which closes the file.
 */
export async function openTable(source: WorkbookSource, options: TableOptions): Promise<OpenedTable> {
  const { worksheetName, headerRowIndex } = options;
  let closest: Exclude<SheetVerdict['kind'], 'table'> | undefined;
  let isWorkbook = false;
  try {
    for (;;) {
      const next = await source.sheets.next();
      if (next.done) break;
      const sheet = next.value;
      if (sheet.name !== null) isWorkbook = true;
      const wanted = worksheetName === undefined ? !sheet.hidden : sheet.name === worksheetName;
      if (!wanted) {
        await sheet.skip();
        continue;
      }
      const headerRow = headerRowIndex ?? sheet.headerRowIndex;
      const sample = await sampleSheet(sheet, headerRow);
      const verdict = judge(sample, headerRow);
      if (verdict.kind === 'table') return tableFrom(source, sheet, sample, verdict.position);
      await sheet.skip();
      if (worksheetName !== undefined) throw verdictError(verdict.kind, headerRow, false, source.isWorkbook);
      if (closest === undefined || verdictRank[verdict.kind] > verdictRank[closest]) closest = verdict.kind;
    }
    if (worksheetName !== undefined) {
      const available = source.sheetNames();
      throw new FileParseError('WORKSHEET_NOT_FOUND', messages.worksheetNotFound(worksheetName, available), { worksheets: available });
    }
    if (closest === undefined) {
      throw isWorkbook || source.isWorkbook || source.sheetNames().length > 0
        ? new FileParseError('NO_WORKSHEETS', messages.noWorksheets())
        : new FileParseError('EMPTY_FILE', messages.empty());
    }
    // With several sheets, 'no table anywhere' is clearer than blaming one sheet's header.
    throw verdictError(closest, headerRowIndex, isWorkbook && source.sheetNames().length > 1 && closest === 'none', source.isWorkbook);
  } catch (error) {
    await source.close();
    throw error;
  }
}

/** A 1-based column number as Excel names it (1 → A, 27 → AA). */
function columnLetters(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

function tableFrom(source: WorkbookSource, sheet: SheetSource, sample: SheetSample, position: number): OpenedTable {
  const header = sample.rows[position]!;
  const lookahead = sample.rows.slice(position + 1);
  const width = Math.max(usedWidth(header.cells), ...lookahead.slice(0, HEADER_LOOKAHEAD_ROWS).map((r) => usedWidth(r.cells)));
  if (width > MAX_TABLE_COLUMNS) throw new FileParseError('TOO_WIDE', messages.tooWide(width, MAX_TABLE_COLUMNS, columnLetters(width), MAX_COLUMN_NAME_CHARS));
  const columns = columnNames(header.cells, width);
  if (columns.reduce((sum, name) => sum + name.length, 0) > MAX_COLUMN_NAME_CHARS) {
    throw new FileParseError('TOO_WIDE', messages.tooWide(width, MAX_TABLE_COLUMNS, columnLetters(width), MAX_COLUMN_NAME_CHARS));
  }

  // Report-style exports print the header again at the top of every page: such a row is not data.
  const headerCells = header.cells.slice(0, width).map((c) => c.trim().toLowerCase());
  const firstNamed = headerCells.findIndex((c) => c !== '');
  const repeatsHeader = (row: string[]) =>
    firstNamed >= 0 &&
    row[firstNamed]!.length === headerCells[firstNamed]!.length &&
    row.every((cell, i) => cell.trim().toLowerCase() === (headerCells[i] ?? ''));

  const shape = (cells: string[]): string[] | undefined => {
    const row = cells.length === width ? cells : cells.slice(0, width);
    while (row.length < width) row.push('');
    return nonEmptyCount(row) === 0 || repeatsHeader(row) ? undefined : row;
  };

  async function* rows(): AsyncGenerator<string[], void, undefined> {
    try {
      for (const raw of lookahead) {
        const row = shape(raw.cells);
        if (row) yield row;
      }
      if (sample.complete) return;
      for (;;) {
        const next = await sheet.rows.next();
        if (next.done) return;
        const row = shape(next.value.cells);
        if (row) yield row;
      }
    } finally {
      await sheet.skip();
      await source.close();
    }
  }

  const preamble = sample.rows.slice(Math.max(0, position - MAX_PREAMBLE_ROWS), position).map((r) => r.cells.slice(0, MAX_PREAMBLE_CELLS).map((c) => c.slice(0, 200)));
  return { worksheet_name: sheet.name, header_row_index: header.index, columns, preamble, rows: rows() };
}
