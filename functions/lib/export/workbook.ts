/**
 * The streaming workbook both exports use: the platform's workbook writer (./xlsx-writer.ts: exceljs
 * WorkbookWriter with inline strings, text escaped) with styles, detail sheets with a bold frozen header and filters on,
 * and a Summary sheet that is FIRST in the workbook although it is written LAST (its counts are
 * known only after the detail has streamed through).
 *
 * How the Summary gets to the front: WorkbookWriter lists sheets in workbook.xml by their id and
 * gives each new sheet the lowest free id. Holding id 1 with a placeholder while the detail sheets
 * are added (ids 2, 3…) and freeing it just before adding the Summary makes the Summary sheet 1.
 * The zip part order does not matter to Excel. This leans on WorkbookWriter internals
 * (`_worksheets`, exceljs 4.4.0 as pinned); the export tests read the sheet order back and fail if
 * a version changes it.
 */
import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { TypedCell } from './cells';
import { openWorkbookWriter } from './xlsx-writer';

export const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE7E0F4' } };
export const HIGHLIGHT_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF2CC' } };
const HEADER_FONT: Partial<ExcelJS.Font> = { bold: true };

type SheetList = Array<unknown>;
const PLACEHOLDER = { committed: true, placeholder: true };

/**
 * The writer's sheets by id. exceljs's types do not declare this internal field, so it is read
 * here alone and checked to still be the array it was; a version that changes it fails loudly.
 */
function sheetSlots(workbook: ExcelJS.stream.xlsx.WorkbookWriter): SheetList {
  const slots: unknown = Reflect.get(workbook, '_worksheets');
  if (!Array.isArray(slots)) throw new Error('exceljs no longer keeps the sheets of a WorkbookWriter in _worksheets');
  return slots;
}

export interface StreamingWorkbook {
  workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  /** A detail sheet: bold header row, frozen, filters over its columns, column widths. */
  addDetailSheet(name: string, headers: readonly string[], widths?: readonly number[]): ExcelJS.Worksheet;
  /** The Summary sheet, placed first; call once, after the detail sheets are committed. */
  addSummarySheet(name?: string): ExcelJS.Worksheet;
  commit(): Promise<void>;
}

export function openStreamingWorkbook(output: Writable): StreamingWorkbook {
  const workbook = openWorkbookWriter(output, { useStyles: true });
  const sheets = sheetSlots(workbook);
  sheets[1] = PLACEHOLDER;
  let summaryAdded = false;

  return {
    workbook,
    addDetailSheet(name, headers, widths) {
      const ws = workbook.addWorksheet(name, { views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }] });
      headers.forEach((h, i) => {
        ws.getColumn(i + 1).width = widths?.[i] ?? Math.min(40, Math.max(10, h.length + 4));
      });
      if (headers.length) ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: headers.length } };
      const row = ws.addRow([...headers]);
      row.eachCell((cell) => {
        cell.font = HEADER_FONT;
        cell.fill = HEADER_FILL;
        cell.border = { bottom: { style: 'thin' } };
      });
      row.commit();
      return ws;
    },
    addSummarySheet(name = 'Summary') {
      if (summaryAdded) throw new Error('The summary sheet is already added');
      summaryAdded = true;
      delete sheets[1];
      const ws = workbook.addWorksheet(name);
      if (ws.id !== 1) throw new Error('The summary sheet could not be placed first');
      ws.getColumn(1).width = 34;
      for (let c = 2; c <= 8; c++) ws.getColumn(c).width = 18;
      return ws;
    },
    async commit() {
      if (sheets[1] === PLACEHOLDER) delete sheets[1];
      await workbook.commit();
    },
  };
}

/** Writes one row of typed cells, with an optional fill per column position. */
export function writeTypedRow(ws: ExcelJS.Worksheet, cells: readonly TypedCell[], fills?: ReadonlyMap<number, ExcelJS.Fill>): void {
  const row = ws.addRow(cells.map((c) => c.value));
  cells.forEach((c, i) => {
    if (c.numFmt) row.getCell(i + 1).numFmt = c.numFmt;
    const fill = fills?.get(i);
    if (fill) row.getCell(i + 1).fill = fill;
  });
  row.commit();
}

/** Summary helpers: a bold section title, label/value lines, and small tables with bold headers. */
export class SummaryWriter {
  constructor(private readonly ws: ExcelJS.Worksheet) {}

  title(text: string): void {
    const row = this.ws.addRow([text]);
    row.getCell(1).font = { bold: true, size: 14 };
    row.commit();
  }

  section(text: string): void {
    this.ws.addRow([]).commit();
    const row = this.ws.addRow([text]);
    row.getCell(1).font = { bold: true, size: 12 };
    row.commit();
  }

  line(label: string, value: TypedCell | string | number | null): void {
    const cell: TypedCell = value !== null && typeof value === 'object' && 'value' in value ? value : { value: value as string | number | null };
    const row = this.ws.addRow([label, cell.value]);
    row.getCell(1).font = { bold: true };
    if (cell.numFmt) row.getCell(2).numFmt = cell.numFmt;
    row.commit();
  }

  table(headers: readonly string[], rows: readonly (readonly TypedCell[])[]): void {
    const head = this.ws.addRow([...headers]);
    head.eachCell((cell) => {
      cell.font = HEADER_FONT;
      cell.fill = HEADER_FILL;
      cell.border = { bottom: { style: 'thin' } };
    });
    head.commit();
    for (const r of rows) writeTypedRow(this.ws, r);
    if (rows.length === 0) this.ws.addRow(['(none)']).commit();
  }

  commit(): void {
    this.ws.commit();
  }
}

/** Lets the zip stream drain now and then on long synchronous runs of rows. */
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
