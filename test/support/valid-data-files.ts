import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { generatePair, type GeneratedTable } from '../fixtures/generator/generate';
import { guardianCsv, guardianFixture, guardianXlsx } from '../fixtures/generator/guardian-row-based';
import { generateListBill, listBillCsv, type ListBillFixture } from '../fixtures/generator/list-bill';
import { csvLine, writeXlsx } from '../fixtures/generator/write-files';
import { writeX12834 } from '../fixtures/generator/x12-834';
import type { Container } from './file-mutations';

/**
 * Small valid files of every format the platform reads, from the fixture generator, to be damaged
 * by file-mutations.ts. Small on purpose: a mutation's cost is mostly the round trip, and every row
 * of a parsed file fits in one preview page, so a reading can be checked row for row.
 */
export const MUTATED_FORMATS = ['csv', 'xlsx', 'xls', '834', 'guardian', 'list-bill'] as const;
export type MutatedFormat = (typeof MUTATED_FORMATS)[number];

export interface ValidFile {
  name: string;
  contentType: string;
  container: Container;
  bytes: Buffer;
}

export const CONTENT_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  '834': 'application/edi-x12',
} as const;

const csvOf = (table: { columns: string[]; rows: string[][] }) => Buffer.from(csvLine(table.columns) + table.rows.map((r) => csvLine(r)).join(''), 'utf8');

async function xlsxOf(table: GeneratedTable, side: 'baseline' | 'secondary'): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'valid-xlsx-'));
  try {
    const file = path.join(dir, 'table.xlsx');
    await writeXlsx(file, table, side);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** BIFF8 as SheetJS writes it (the generator writes no .xls), numbers typed as numbers. */
function xlsOf(rows: string[][], sheet = 'Sheet1'): Buffer {
  const typed = rows.map((row) => row.map((v) => (/^-?\d+\.\d{2}$/.test(v) ? Number(v) : v)));
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(typed), sheet);
  return XLSX.write(workbook, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

/** A list bill laid out as carriers send it: title rows, a blank row, then the table. */
async function listBillXlsx(fixture: ListBillFixture): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Statement');
  for (const row of fixture.invoice.preamble) sheet.addRow(row);
  sheet.addRow([]);
  sheet.addRow(fixture.invoice.columns);
  for (const row of fixture.invoice.rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const file = (name: string, container: Container, bytes: Buffer, contentType: string): ValidFile => ({ name, container, bytes, contentType });

/** A few valid files of the format (different seeds and layouts), each well under 20 rows. */
export async function validFiles(format: MutatedFormat): Promise<ValidFile[]> {
  const pairs = [generatePair({ rows: 12, seed: 'mutations-a' }), generatePair({ rows: 8, seed: 'mutations-b' })];
  switch (format) {
    case 'csv':
      return pairs.flatMap((p, i) => [file(`baseline-${i}.csv`, 'text', csvOf(p.baseline), CONTENT_TYPES.csv), file(`carrier-${i}.csv`, 'text', csvOf(p.secondary), CONTENT_TYPES.csv)]);
    case 'xlsx':
      return [
        file('baseline.xlsx', 'zip', await xlsxOf(pairs[0]!.baseline, 'baseline'), CONTENT_TYPES.xlsx),
        file('carrier.xlsx', 'zip', await xlsxOf(pairs[1]!.secondary, 'secondary'), CONTENT_TYPES.xlsx),
      ];
    case 'xls':
      return [
        file('baseline.xls', 'ole', xlsOf([['Enrollment export'], [], pairs[0]!.baseline.columns, ...pairs[0]!.baseline.rows], 'Enrollment'), CONTENT_TYPES.xls),
        file('carrier.xls', 'ole', xlsOf([pairs[1]!.secondary.columns, ...pairs[1]!.secondary.rows]), CONTENT_TYPES.xls),
      ];
    case '834':
      return [
        file('enrollment.834', 'x12', Buffer.from(writeX12834(pairs[0]!.secondary)), CONTENT_TYPES['834']),
        file('enrollment.edi', 'x12', Buffer.from(writeX12834(pairs[1]!.secondary, { lineBreak: '\r\n', controlNumber: 17 })), CONTENT_TYPES['834']),
      ];
    case 'guardian': {
      const a = guardianFixture({ families: 4, seed: 'mutations-a', footer: true });
      const b = guardianFixture({ families: 3, seed: 'mutations-b', headerStyle: 'upper_snake', repeatEmployeeId: true });
      return [
        file('guardian.csv', 'text', guardianCsv(a), CONTENT_TYPES.csv),
        file('guardian.xlsx', 'zip', await guardianXlsx(b), CONTENT_TYPES.xlsx),
        file('guardian.xls', 'ole', xlsOf(a.fileRows.map((r) => (r.length ? r : [''])), 'Eligibility'), CONTENT_TYPES.xls),
      ];
    }
    case 'list-bill': {
      const bill = generateListBill('mutations', 6);
      return [file('list-bill.csv', 'text', Buffer.from(listBillCsv(bill)), CONTENT_TYPES.csv), file('list-bill.xlsx', 'zip', await listBillXlsx(bill), CONTENT_TYPES.xlsx)];
    }
  }
}

/** The list bill's enrollment, the baseline a reconciliation needs beside a bill. */
export function listBillEnrollment(): ListBillFixture {
  return generateListBill('mutations', 6);
}
