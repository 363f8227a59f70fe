import { badRequest } from '../errors';
import { openParsedRows, readColumn, type StoredColumn } from '../files';
import { logger } from '../observability/logger';
import { loadFiles } from './records';
import type { CompanyContext } from '../tenancy/company-context';
import type { ComparisonRecord } from './comparison-record';
import { openObject, parsedColumnsKey } from '../storage/objects';

/** Both parsed files of a comparison, or 400 saying what is missing. */
export async function parsedSides(ctx: CompanyContext, comparison: ComparisonRecord) {
  const files = await loadFiles(ctx, comparison);
  const { baseline, secondary } = files;
  if (!baseline || baseline.status !== 'PARSED' || !baseline.parsed_key || !secondary || secondary.status !== 'PARSED' || !secondary.parsed_key) {
    throw badRequest('Upload and read both the baseline and the carrier file first.');
  }
  return { baseline: { ...baseline, parsed_key: baseline.parsed_key }, secondary: { ...secondary, parsed_key: secondary.parsed_key } };
}

/** Streams every stored row of a parsed file through `visit`; stops early when it returns false. */
export async function forEachParsedRow(
  key: string,
  visit: (row: string[], index: number, columns: string[]) => boolean | void,
): Promise<string[]> {
  const object = await openObject(key);
  if (!object) throw new Error('Parsed rows are missing from storage');
  const opened = await openParsedRows(object.body);
  let index = 0;
  try {
    for await (const row of opened.rows) {
      if (visit(row, index++, opened.header.columns) === false) break;
    }
  } finally {
    object.body.destroy?.();
  }
  return opened.header.columns;
}

/** The first `limit` rows (a sample: never the whole file). */
export async function sampleRows(key: string, limit: number): Promise<{ columns: string[]; rows: string[][] }> {
  const rows: string[][] = [];
  const columns = await forEachParsedRow(key, (row) => {
    rows.push(row);
    return rows.length < limit;
  });
  return { columns, rows };
}

function isStoredColumns(value: unknown): value is StoredColumn[] {
  return (
    Array.isArray(value) &&
    value.every((c: Partial<StoredColumn> | null) => typeof c?.index === 'number' && typeof c.start === 'number' && typeof c.end === 'number')
  );
}

/** What of a File record says where its stored identifier columns are. */
export interface ColumnsOfFile {
  parsed_key: string;
  columns?: string[] | null;
  parsed_columns?: unknown;
  row_count?: number | null;
}

/**
 * The cells of the columns `names` in every row, one list per column, read from the columns stored
 * beside the parsed rows (only those columns' bytes); null when one of them is not stored there (a
 * file read before they were kept, or a column not kept), and the caller reads the rows instead.
 */
export async function readStoredColumns(file: ColumnsOfFile, names: readonly string[]): Promise<string[][] | null> {
  if (names.length === 0 || !isStoredColumns(file.parsed_columns) || !file.columns) return null;
  const stored = file.parsed_columns;
  const wanted = names.map((name) => stored.find((c) => c.index === file.columns!.indexOf(name)));
  if (wanted.some((c) => !c)) return null;
  const key = parsedColumnsKey(file.parsed_key);
  const cells = await Promise.all(
    wanted.map(async (column) => {
      const object = await openObject(key, column!);
      if (!object) return null;
      return readColumn(object.body);
    }),
  );
  const rowCount = file.row_count ?? cells[0]?.length;
  if (cells.some((c) => !c || c.length !== rowCount)) {
    logger.warn('stored columns do not match the parsed rows; reading the rows', { parsed_key: file.parsed_key });
    return null;
  }
  return cells as string[][];
}
