/** The uploaded import file: base64 in JSON, size-checked, parsed by functions/lib/files into header + rows. */
import { IMPORT_COLUMNS, MAX_IMPORT_FILE_BYTES, MAX_IMPORT_ROWS, normalizeHeader, type ImportKind } from '../../../shared/imports';
import type { ImportProblem } from '../../../shared/schemas/imports';
import type { ImportFile } from '../../../shared/schemas/imports';
import { badRequest, HttpError } from '../errors';
import { FileParseError, parseFile } from '../files';

export interface SheetRow {
  /** Sheet row number (1-based, as Excel shows it). */
  row: number;
  /** Cell text by field of the import's columns; columns the import does not know are left out. */
  cells: Record<string, string>;
}

export interface ReadSheet {
  worksheet_name: string | null;
  columns: string[];
  rows: SheetRow[];
  /** Problems with the file as a whole (missing required columns, too many rows). */
  problems: ImportProblem[];
}

const MB = 1024 * 1024;

/**
 * The file's table. Header detection looks for a row of several column names; an import of one
 * column (a list of company names) has a single one, so then the first row is taken as the header.
 */
async function openTable(bytes: Buffer, name: string) {
  try {
    return await parseFile(bytes, name);
  } catch (error) {
    if (error instanceof FileParseError && error.code === 'NO_HEADER') return parseFile(bytes, name, { headerRowIndex: 0 });
    throw error;
  }
}

export async function readImportFile(kind: ImportKind, file: ImportFile): Promise<ReadSheet> {
  const bytes = Buffer.from(file.content_base64, 'base64');
  if (bytes.length === 0) throw badRequest('The file is empty.', { content_base64: 'The file is empty.' });
  if (bytes.length > MAX_IMPORT_FILE_BYTES) {
    throw new HttpError(413, `This file is larger than ${MAX_IMPORT_FILE_BYTES / MB} MB. Split it into smaller files and import each.`);
  }
  let parsed;
  try {
    parsed = await openTable(bytes, file.name);
  } catch (error) {
    if (error instanceof FileParseError) {
      if (error.code === 'TOO_LARGE') throw new HttpError(413, error.message);
      throw badRequest(error.message, { file: error.message });
    }
    throw error;
  }
  const known = new Map(IMPORT_COLUMNS[kind].map((c) => [normalizeHeader(c.header), c]));
  for (const c of IMPORT_COLUMNS[kind]) known.set(normalizeHeader(c.field), c);
  const headerRow = parsed.header_row_index + 1;
  const fieldAt: (string | null)[] = parsed.columns.map((name) => known.get(normalizeHeader(name))?.field ?? null);
  const problems: ImportProblem[] = [];
  for (const c of IMPORT_COLUMNS[kind]) {
    if (c.required && !fieldAt.includes(c.field)) problems.push({ row: headerRow, column: c.header, message: 'This column is missing' });
  }
  const rows: SheetRow[] = [];
  let index = 0;
  for await (const values of parsed.rows) {
    index += 1;
    if (index > MAX_IMPORT_ROWS) {
      problems.push({ row: headerRow + index, column: '', message: `An import holds at most ${MAX_IMPORT_ROWS} rows; split the file.` });
      await parsed.rows.return();
      break;
    }
    const cells: Record<string, string> = {};
    values.forEach((value, i) => {
      const field = fieldAt[i];
      if (field && value !== '' && cells[field] === undefined) cells[field] = value;
    });
    // Blank rows are skipped by the parser, so numbering follows the rows that hold data.
    rows.push({ row: headerRow + index, cells });
  }
  return { worksheet_name: parsed.worksheet_name, columns: parsed.columns, rows, problems };
}
