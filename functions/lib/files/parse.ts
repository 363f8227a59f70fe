import type { FileInput } from './input';
import { openSource } from './open-source';
import { openTable, surveyWorksheets, type TableOptions, type WorksheetInfo } from './table';

export type { FileInput } from './input';
export type { TableOptions, WorksheetInfo } from './table';

export interface ParsedFileMeta {
  /** null for CSV files, which have no worksheets. */
  worksheet_name: string | null;
  /** Every worksheet name in workbook order ([] for CSV). */
  worksheets: string[];
  /** 0-based row of the column names: Excel row number minus 1, or CSV record number minus 1. */
  header_row_index: number;
  columns: string[];
}

export interface ParsedFile extends ParsedFileMeta {
  /** The non-empty rows above the header (titles; an invoice's number, period and date). */
  preamble?: string[][];
  /**
   * Data rows below the header, each exactly `columns.length` trimmed strings, fully empty rows
   * left out. Single use: read it to the end, or stop early with `break`/`return()`, which closes
   * the file. Its count is known only once it has been read (see writeParsedRows).
   */
  rows: AsyncGenerator<string[], void, undefined>;
}

/**
 * Every worksheet of a workbook, with whether it holds a table, for the worksheet picker. Reads
 * the whole file (it is streamed, so a sheet's table can only be judged when it goes by). [] for CSV.
 */
export async function listWorksheets(input: FileInput, fileName: string): Promise<WorksheetInfo[]> {
  return surveyWorksheets(await openSource(input, fileName));
}

/**
 * Opens a data file's table: the named worksheet (or the first visible one that holds a table) and
 * its header row (or the one given). Throws FileParseError for anything wrong with the file.
 */
export async function parseFile(input: FileInput, fileName: string, options: TableOptions = {}): Promise<ParsedFile> {
  const source = await openSource(input, fileName);
  const table = await openTable(source, options);
  return { ...table, worksheets: source.sheetNames() };
}
