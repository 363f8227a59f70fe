import { badRequest } from '../errors';
import { openParsedRows } from '../files';
import { loadFiles } from './records';
import type { CompanyContext, ComparisonRecord } from './context';
import { openObject } from './storage';

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
