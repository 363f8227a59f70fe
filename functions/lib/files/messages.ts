// Every message a user can see when an uploaded data file cannot be read. They name what to do
// next, never what the file contains (files hold SSNs and dates of birth).

import { tooLargeToUploadMessage } from '../../../shared/upload-plan';

const MB = 1024 * 1024;

export const messages = {
  wrongExtension: (fileName: string) =>
    `"${fileName}" is not a data file we can read. Upload an Excel workbook (.xlsx or .xls), a CSV file (.csv) or an 834 enrollment file (.834, .edi, .x12).`,
  notX12: (fileName: string) =>
    `"${fileName}" does not start with an ISA segment, so it is not an 834 enrollment file. Upload the 834 as the carrier sent it, or the data as an Excel workbook or CSV file.`,
  zipBomb: (opened: number, read: number) =>
    `This workbook opens into far more data than its size (over ${Math.round(opened / MB)} MB from ${Math.max(1, Math.round(read / MB))} MB), which real spreadsheets do not do; it may be damaged or built to exhaust the reader. Open it in Excel, save it again as .xlsx, and upload the new file.`,
  tooLarge: (maxBytes: number) => tooLargeToUploadMessage(maxBytes),
  largerThanDeclared: (stored: number, declared: number) =>
    `The uploaded file is ${stored.toLocaleString('en-US')} bytes, more than the ${declared.toLocaleString('en-US')} bytes declared, so it was not kept. Upload it again.`,
  xlsTooLarge: (maxBytes: number) =>
    `Old-format .xls workbooks larger than ${Math.round(maxBytes / MB)} MB cannot be read. Open the file in Excel, choose File > Save As > Excel Workbook (.xlsx), and upload the .xlsx file.`,
  empty: () => 'This file is empty. Check that you picked the right file and upload it again.',
  headerOnly: () =>
    'This file has column names but no data rows below them. Check that you picked the right file (or worksheet) and upload it again.',
  noHeader: () =>
    'We could not find a row of column names in this file. Make sure the table starts with one row of column names (for example SSN, First Name, Last Name), or choose the header row yourself.',
  noTable: () =>
    'None of the worksheets in this workbook holds a table with a row of column names followed by data rows.',
  headerRowEmpty: (rowNumber: number) =>
    `Row ${rowNumber} is empty or beyond the end of the worksheet. Choose the row that holds the column names.`,
  encrypted: () =>
    'This workbook is password-protected. Remove the password in Excel (File > Info > Protect Workbook > Encrypt with Password, then clear it), save, and upload it again.',
  corruptWorkbook: () =>
    'This workbook could not be read; it may be damaged or incomplete. Open it in Excel, save it again as .xlsx, and upload the new file.',
  unreadableCsv: (rowNumber?: number) =>
    rowNumber === undefined
      ? 'This CSV file could not be read. Open it in Excel, save it again as CSV (or .xlsx), and upload the new file.'
      : `This CSV file could not be read near line ${rowNumber} (often a quote mark that is never closed). Open it in Excel, save it again as CSV (or .xlsx), and upload the new file.`,
  contentMismatch: (fileName: string, looksLike?: string) =>
    `"${fileName}" does not contain what its name says${looksLike ? ` (it looks like ${looksLike})` : ''}. Upload an Excel workbook (.xlsx or .xls) or a CSV file (.csv).`,
  worksheetNotFound: (name: string, available: string[]) =>
    `There is no worksheet named "${name}" in this workbook. Available worksheets: ${available.map((n) => `"${n}"`).join(', ') || 'none'}.`,
  tooWide: (columns: number, maxColumns: number, lastColumn: string, maxNameChars: number) =>
    columns > maxColumns
      ? `This table is ${columns.toLocaleString('en-US')} columns wide (to column ${lastColumn}); we read tables of up to ${maxColumns.toLocaleString('en-US')} columns, as many as Excel holds. A damaged cell reference usually does this: open the file in Excel, save it again, and upload the new file.`
      : `The column names of this table are too long to keep (over ${maxNameChars.toLocaleString('en-US')} characters together). Check that the header row holds column names, not data, and upload the file again.`,
  noWorksheets: () =>
    'This workbook has no worksheets we can read; it may be damaged. Open it in Excel, check that the table is there, save it again as .xlsx, and upload the new file.',
  noCells: () =>
    'No worksheet of this workbook holds any cells: it is blank, or damaged so that its cells cannot be read. Open it in Excel, check that the table is there, save it again as .xlsx, and upload the new file.',
} as const;
