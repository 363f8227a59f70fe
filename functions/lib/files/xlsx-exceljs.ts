import type ExcelJS from 'exceljs';
import type { Readable } from 'node:stream';
import { formatDate, formatNumberWithFormat, isDateFormat, excelSerialToDate } from './cells';
import type { RawRow } from './header';
import type { SheetSource, WorkbookSource } from './source';
import { createWorkbookReader } from './xlsx-reader';

// exceljs's streaming reader is only loosely typed; these are the parts of it we rely on
// (lib/stream/xlsx/workbook-reader.js and worksheet-reader.js in exceljs 4.4).
interface StreamedWorksheet {
  name?: string;
  state?: string;
  iterator?: { destroy?: () => void };
  parked?: boolean;
  [Symbol.asyncIterator](): AsyncIterator<ExcelJS.Row>;
}
interface StreamedWorkbook {
  model?: { sheets?: { name: string }[] };
  properties?: { model?: { date1904?: boolean } };
  [Symbol.asyncIterator](): AsyncIterator<StreamedWorksheet>;
}

type CellValue = ExcelJS.CellValue | { sharedFormula?: string; result?: unknown } | null | undefined;

function cellText(value: CellValue, numFmt: string | undefined, date1904: boolean): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return formatNumberWithFormat(value, numFmt);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return formatDate(value);
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((run) => run.text ?? '').join('');
    if ('error' in value) return String(value.error ?? '');
    if ('formula' in value || 'sharedFormula' in value) {
      const result = (value as { result?: unknown }).result;
      // The streaming reader leaves formula results as raw serial numbers; the cell's format says
      // whether the number is a date.
      if (typeof result === 'number' && isDateFormat(numFmt)) return formatDate(excelSerialToDate(result, date1904));
      if (typeof result === 'number' && Number.isNaN(result)) return '';
      if (result !== null && typeof result === 'object' && 'error' in result) return String((result as { error: unknown }).error);
      return cellText(result as CellValue, numFmt, date1904);
    }
    if ('text' in value) return cellText((value as { text: CellValue }).text, numFmt, date1904);
  }
  return String(value);
}

function rowCells(row: ExcelJS.Row, date1904: boolean): string[] {
  const cells: string[] = [];
  row.eachCell({ includeEmpty: false }, (cell, column) => {
    const text = cellText(cell.value as CellValue, cell.numFmt, date1904).trim();
    if (text === '') return;
    while (cells.length < column - 1) cells.push('');
    cells[column - 1] = text;
  });
  return cells;
}

/**
 * The reader uploads went through before xlsx.ts: exceljs's worksheet parser, rows parsed as the
 * bytes arrive. Excel writes the shared-strings part after the worksheets, so those are parked in
 * temporary files until the strings are known (see xlsx-reader.ts); close() ends the read, which
 * removes them. Kept so that a test can hold the new reader's rows against the ones this gave.
 */
export function openXlsxWithExcelJs(stream: Readable): WorkbookSource & { sawWorkbook(): boolean } {
  const reader = createWorkbookReader(stream) as unknown as StreamedWorkbook;
  const worksheets = reader[Symbol.asyncIterator]();
  let current: SheetSource | undefined;
  let closed = false;

  const date1904 = () => reader.properties?.model?.date1904 === true;

  function sheetSource(worksheet: StreamedWorksheet): SheetSource {
    let rowIterator: AsyncIterator<ExcelJS.Row> | undefined;
    let done = false;
    const rows: AsyncIterator<RawRow> = {
      async next() {
        if (done) return { done: true, value: undefined };
        rowIterator ??= worksheet[Symbol.asyncIterator]();
        const next = await rowIterator.next();
        if (next.done) {
          done = true;
          return { done: true, value: undefined };
        }
        return { done: false, value: { index: next.value.number - 1, cells: rowCells(next.value, date1904()) } };
      },
    };
    return {
      name: worksheet.name ?? null,
      hidden: worksheet.state !== undefined && worksheet.state !== 'visible',
      rows,
      async skip() {
        if (done) return;
        done = true;
        if (worksheet.parked) {
          // A parked worksheet is an open temporary-file stream: closing it costs nothing.
          if (rowIterator) await rowIterator.return?.();
          else worksheet.iterator?.destroy?.();
        } else if (rowIterator) {
          // Read straight from the zip: exceljs keeps buffering whatever is left of a sheet it was
          // told to stop reading, so reading it out is what keeps memory flat.
          for (let next = await rowIterator.next(); !next.done; next = await rowIterator.next());
        }
        // A sheet never started is drained by the reader itself when it moves on.
      },
    };
  }

  return {
    sheets: {
      async next() {
        if (current) await current.skip();
        current = undefined;
        if (closed) return { done: true, value: undefined };
        const next = await worksheets.next();
        if (next.done) {
          closed = true;
          return { done: true, value: undefined };
        }
        current = sheetSource(next.value);
        return { done: false, value: current };
      },
    },
    sheetNames: () => (reader.model?.sheets ?? []).map((s) => s.name),
    sawWorkbook: () => reader.model !== undefined,
    async close() {
      if (closed) return;
      try {
        for (;;) {
          if (current) await current.skip();
          current = undefined;
          const next = await worksheets.next();
          if (next.done) break;
          current = sheetSource(next.value);
        }
      } catch {
        // The rest of the file is unreadable, but nothing more is needed from it.
        stream.destroy();
      } finally {
        closed = true;
      }
    },
  };
}
