/**
 * The one place the platform makes .xlsx workbooks (exports, renewal reports, converted carrier
 * files, import templates). Whatever a caller puts in a cell, text that Excel could evaluate as a
 * formula (starting with = + - @, a tab or a carriage return) is written escaped, so no writer can
 * forget it: the streaming writer escapes each row as it is written out, the in-memory one every
 * cell just before it is serialized. Numbers, dates and booleans are written as they are (-2 stays
 * the number -2); only strings are escaped. ESLint keeps other modules of functions/ from making a
 * workbook with exceljs directly.
 */
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { escapeFormula } from './cells';

const CREATOR = 'Data Validation Platform';

/** A cell's value as the platform writes it: strings (and a hyperlink's or rich text's shown text) escaped. */
export function escapedCellValue(value: ExcelJS.CellValue): ExcelJS.CellValue {
  if (typeof value === 'string') return escapeFormula(value);
  if (value && typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText) && value.richText.length) {
      const [first, ...rest] = value.richText;
      const text = escapeFormula(first!.text);
      return text === first!.text ? value : { richText: [{ ...first!, text }, ...rest] };
    }
    if ('hyperlink' in value && typeof value.text === 'string') {
      const text = escapeFormula(value.text);
      return text === value.text ? value : { ...value, text };
    }
  }
  return value;
}

function escapeRow(row: ExcelJS.Row): void {
  row.eachCell((cell) => {
    const value = escapedCellValue(cell.value);
    if (value !== cell.value) cell.value = value;
  });
}

/**
 * Every row of a streamed sheet, however its cells were set, leaves through the sheet's
 * `_writeRow` (on a row's commit and on the sheet's). exceljs's types do not declare it, so it is
 * looked up here alone and a version without it fails loudly instead of writing unescaped text.
 */
function escapingRows<T extends ExcelJS.Worksheet>(sheet: T): T {
  const writeRow: unknown = Reflect.get(sheet, '_writeRow');
  if (typeof writeRow !== 'function') throw new Error('exceljs no longer writes the rows of a streamed sheet through _writeRow');
  Reflect.set(sheet, '_writeRow', (row: ExcelJS.Row) => {
    escapeRow(row);
    return writeRow.call(sheet, row);
  });
  return sheet;
}

/**
 * A streaming workbook (exceljs WorkbookWriter, inline strings so no shared-string table is held in
 * memory) writing to `stream`, whose every sheet escapes its text cells as rows are written.
 */
export function openWorkbookWriter(stream: Writable, options: { useStyles: boolean }): ExcelJS.stream.xlsx.WorkbookWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: options.useStyles, useSharedStrings: false });
  workbook.creator = CREATOR;
  workbook.created = new Date();
  const addWorksheet = workbook.addWorksheet.bind(workbook);
  workbook.addWorksheet = (name?: string, sheetOptions?: Partial<ExcelJS.AddWorksheetOptions>) => escapingRows(addWorksheet(name, sheetOptions));
  return workbook;
}

/** A small workbook built in memory by `fill`, every text cell escaped, as the bytes of an .xlsx. */
export async function writeWorkbook(fill: (workbook: ExcelJS.Workbook) => void | Promise<void>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = CREATOR;
  await fill(workbook);
  workbook.eachSheet((sheet) => sheet.eachRow({ includeEmpty: false }, escapeRow));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
