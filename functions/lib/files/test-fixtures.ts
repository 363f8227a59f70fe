// Builders for the files the tests parse; every fixture is made in memory, none is checked in.
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { Readable } from 'node:stream';

export type SheetSpec = {
  name: string;
  rows: unknown[][];
  state?: 'visible' | 'hidden';
  /** Per-cell number formats, by A1 address. */
  numFmt?: Record<string, string>;
};

export async function xlsxBuffer(sheets: SheetSpec[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const spec of sheets) {
    const sheet = workbook.addWorksheet(spec.name, { state: spec.state ?? 'visible' });
    spec.rows.forEach((row, r) => {
      row.forEach((value, c) => {
        if (value !== undefined && value !== null) sheet.getCell(r + 1, c + 1).value = value as ExcelJS.CellValue;
      });
    });
    for (const [address, format] of Object.entries(spec.numFmt ?? {})) sheet.getCell(address).numFmt = format;
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function xlsBuffer(sheets: { name: string; rows: unknown[][]; hidden?: boolean }[]): Buffer {
  const workbook = XLSX.utils.book_new();
  for (const spec of sheets) {
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(spec.rows, { cellDates: true, UTC: true }), spec.name);
  }
  workbook.Workbook = { Sheets: sheets.map((s) => ({ Hidden: s.hidden ? 1 : 0 })) };
  return XLSX.write(workbook, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

/** Delivers bytes in small pieces, as an S3 body does, so no code can rely on one whole chunk. */
export function asStream(bytes: Buffer, chunkSize = 8 * 1024): Readable {
  return Readable.from(
    (function* () {
      for (let i = 0; i < bytes.length; i += chunkSize) yield bytes.subarray(i, i + chunkSize);
    })(),
  );
}

export async function collect<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

export const utcDate = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));
