import type { RawRow } from './header';

/**
 * A file seen as worksheets of rows, whatever its format. A CSV file is one sheet with no name.
 * Sheets arrive one at a time, in file order, and each can be read only once (the file is streamed).
 */
export interface SheetSource {
  name: string | null;
  hidden: boolean;
  /** Rows in order; empty rows may be yielded or left out. */
  rows: AsyncIterator<RawRow>;
  /** Stops reading this sheet; the source moves on to the next one. */
  skip(): Promise<void>;
  /**
   * The row that holds the column names when the format fixes it (an 834 read as a table: its
   * first row), so a sparse file is not judged by how its first rows look. Unset: it is searched for.
   */
  headerRowIndex?: number;
}

export interface WorkbookSource {
  /** A workbook (.xlsx, .xls) rather than a one-sheet text file: an empty one is blank or damaged, never an empty upload. */
  isWorkbook: boolean;
  sheets: AsyncIterator<SheetSource>;
  /** Every worksheet name in the workbook's own order, as far as known so far ([] for CSV). */
  sheetNames(): string[];
  /** Reads (and discards) the rest of the file and frees temporary files. Safe to call twice. */
  close(): Promise<void>;
}

/** A file that is one sheet with no name (a CSV, an 834): its rows, and how to stop reading it. */
export function singleSheetSource(rows: AsyncIterator<RawRow>, close: () => Promise<void>, options: { headerRowIndex?: number } = {}): WorkbookSource {
  let handedOut = false;
  return {
    isWorkbook: false,
    sheets: {
      async next() {
        if (handedOut) return { done: true, value: undefined };
        handedOut = true;
        const sheet: SheetSource = { name: null, hidden: false, rows, skip: close, headerRowIndex: options.headerRowIndex };
        return { done: false, value: sheet };
      },
    },
    sheetNames: () => [],
    close,
  };
}
