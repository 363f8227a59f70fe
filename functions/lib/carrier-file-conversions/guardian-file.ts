import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import {
  GUARDIAN_CONVERTED_COLUMNS,
  GuardianFileError,
  GuardianRowBasedTable,
  missingColumnsMessage,
  readGuardianHeader,
  REQUIRED_FIELDS,
  type GuardianCounts,
  type UnplacedReason,
  type UnplacedRow,
} from '../../../shared/carrier-files/guardian-row-based';
import { FileParseError, fileParseMessages, HEADER_SEARCH_ROWS, MAX_CONVERTIBLE_FILE_BYTES, nonEmptyCount, openSource, type FileInput, type RawRow } from '../files';
import { openWorkbookWriter } from '../export';

/**
 * Reading a Guardian row-based export (csv, xlsx or xls, with report titles above its header) and
 * writing its conversion as an .xlsx workbook. The header is the first row, among the first
 * non-empty rows of the first visible worksheet that has one, that names a member identifier, a
 * relationship and a product; rows are then streamed through the pure conversion
 * (shared/carrier-files/guardian-row-based.ts) into exceljs's streaming writer, so a file of any
 * size needs memory for one member and the writer's buffer.
 */

export interface GuardianSource {
  worksheet_name: string | null;
  /** 1-based row of the header in the original. */
  header_row: number;
  columns: string[];
  /** Data rows below the header with their 1-based row number; fully empty rows left out. */
  rows: AsyncGenerator<{ cells: string[]; row: number }, void, undefined>;
}

/** Opens the original at its Guardian header. Throws FileParseError for an unreadable file, GuardianFileError for one that is not Guardian's. */
export async function openGuardianSource(input: FileInput, fileName: string): Promise<GuardianSource> {
  const source = await openSource(input, fileName, MAX_CONVERTIBLE_FILE_BYTES);
  let best: { cells: string[]; found: number } | null = null;
  let sawRows = false;
  try {
    for (;;) {
      const next = await source.sheets.next();
      if (next.done) break;
      const sheet = next.value;
      if (sheet.hidden) {
        await sheet.skip();
        continue;
      }
      const seen: RawRow[] = [];
      let header: RawRow | null = null;
      while (seen.length < HEADER_SEARCH_ROWS) {
        const row = await sheet.rows.next();
        if (row.done) break;
        if (nonEmptyCount(row.value.cells) === 0) continue;
        sawRows = true;
        seen.push(row.value);
        const read = readGuardianHeader(row.value.cells);
        if (!read.missing.length) {
          header = row.value;
          break;
        }
        const found = Object.keys(read.positions).length;
        if (!best || found > best.found) best = { cells: row.value.cells, found };
      }
      if (!header) {
        await sheet.skip();
        continue;
      }
      const headerRow = header;
      async function* rows(): AsyncGenerator<{ cells: string[]; row: number }, void, undefined> {
        try {
          for (;;) {
            const next = await sheet.rows.next();
            if (next.done) return;
            if (nonEmptyCount(next.value.cells) === 0) continue;
            yield { cells: next.value.cells, row: next.value.index + 1 };
          }
        } finally {
          await sheet.skip();
          await source.close();
        }
      }
      return { worksheet_name: sheet.name, header_row: headerRow.index + 1, columns: headerRow.cells.map((c) => c.trim()), rows: rows() };
    }
  } catch (error) {
    await source.close();
    throw error;
  }
  await source.close();
  if (!sawRows) throw new FileParseError('EMPTY_FILE', source.isWorkbook ? fileParseMessages.noCells() : fileParseMessages.empty());
  if (!best) throw new GuardianFileError(missingColumnsMessage([...REQUIRED_FIELDS], []));
  throw new GuardianFileError(missingColumnsMessage(readGuardianHeader(best.cells).missing, best.cells));
}

export interface ConversionSummary {
  worksheet_name: string | null;
  header_row: number;
  columns: string[];
  ignored_columns: string[];
  counts: GuardianCounts;
  unplaced: UnplacedRow[];
  unplaced_by_reason: Record<UnplacedReason, number>;
}

/**
 * Converts the original into `output` as an .xlsx workbook (one sheet, 'Converted'). On any
 * refusal it throws before the workbook is committed; callers write to a place they can discard.
 */
export async function convertGuardianFile(input: FileInput, fileName: string, output: Writable): Promise<ConversionSummary> {
  const source = await openGuardianSource(input, fileName);
  const table = new GuardianRowBasedTable(source.columns);
  const workbook = openWorkbookWriter(output, { useStyles: false });
  const sheet = workbook.addWorksheet('Converted');
  sheet.addRow([...GUARDIAN_CONVERTED_COLUMNS]).commit();
  const write = (rows: string[][]) => {
    for (const row of rows) sheet.addRow(row).commit();
  };
  try {
    for await (const { cells, row } of source.rows) write(table.add(cells, row));
    write(table.finish());
  } catch (error) {
    await source.rows.return(undefined);
    throw error;
  }
  sheet.commit();
  await workbook.commit();
  return {
    worksheet_name: source.worksheet_name,
    header_row: source.header_row,
    columns: source.columns,
    ignored_columns: table.header.ignored,
    counts: { ...table.counts },
    unplaced: [...table.unplaced],
    unplaced_by_reason: { ...table.unplacedByReason },
  };
}

/**
 * Converts into a temporary file, so nothing is stored unless the whole original converted; the
 * caller uploads `file` and then calls `cleanup`.
 */
export async function convertToTempFile(input: FileInput, fileName: string): Promise<{ summary: ConversionSummary; file: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'guardian-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  const file = path.join(dir, 'converted.xlsx');
  const out = createWriteStream(file);
  try {
    const summary = await convertGuardianFile(input, fileName, out);
    await finished(out);
    return { summary, file, cleanup };
  } catch (error) {
    // The file opens asynchronously: removing the directory before the stream has opened and closed
    // would make its open fail later with nobody listening, an uncaught error that stops the process.
    out.destroy();
    await finished(out).catch(() => undefined);
    await cleanup();
    throw error;
  }
}

/** The first `limit` data rows of the original under its own header (for the preview). */
export async function originalRows(input: FileInput, fileName: string, limit: number): Promise<{ columns: string[]; rows: string[][] }> {
  const source = await openGuardianSource(input, fileName);
  const rows: string[][] = [];
  const width = source.columns.length;
  for await (const { cells } of source.rows) {
    const row = cells.slice(0, width);
    while (row.length < width) row.push('');
    rows.push(row);
    if (rows.length >= limit) break;
  }
  return { columns: source.columns, rows };
}
