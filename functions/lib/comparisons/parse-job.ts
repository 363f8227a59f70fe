import { Transform, Writable, type Readable } from 'node:stream';
import type { UpdateEntityItem } from 'electrodb';
import { config } from '../config';
import { isConditionFailure } from '../db/conditions';
import type { FileEntity } from '../db/file';
import { db } from '../db/service';
import { transactWrite } from '../db/transactions';
import { FileParseError, fileParseMessages, MAX_DATA_FILE_BYTES, ParsedColumnsWriter, writeParsedRows, type ParsedRowsPart } from '../files';
import { isIdentifierCandidate } from './identifier-columns';
import { logger } from '../observability/logger';
import { deleteObjects, openObject, parsedColumnsKey, parsedKey, parsedObjectKeys, parsedPartsKey, putObject } from '../storage/objects';

/**
 * The ParseFile job (state machine FileParse): reads an uploaded data file from S3 into parsed
 * rows, reporting progress on the File record, and records the outcome there for the parse route
 * and the page that poll it. Every write is conditional on the job's parse_id, so a job that a
 * newer request superseded (or whose file was replaced) changes nothing.
 */
export interface ParseJobInput {
  organization_id: string;
  company_id: string;
  comparison_id: string;
  file_id: string;
  parse_id: string;
  worksheet_name?: string;
  header_row_index?: number;
}

export type ParseJobOutcome = 'PARSED' | 'REFUSED' | 'SUPERSEDED';

/** What the parse route answers for a refused file: its status and the worksheets to offer. */
export interface ParseErrorDetail {
  status: number;
  worksheets?: string[];
}

export const NOT_UPLOADED_MESSAGE = 'The file has not been uploaded yet. Upload it again and wait for the upload to finish.';
export const PARSE_FAILED_MESSAGE =
  'The file could not be read because of a problem on our side. Try again in a minute; if it keeps failing, contact support.';

const PROGRESS_EVERY_MS = 2_000;

const fileKeyOf = (job: ParseJobInput) => ({ company_id: job.company_id, comparison_id: job.comparison_id, id: job.file_id });

async function readFile(job: ParseJobInput) {
  const { data } = await db().entities.file.get(fileKeyOf(job)).go({ consistent: true });
  return data;
}

/** Counts the bytes that go by, for a progress percentage against the file's size. */
function counted(body: Readable): { stream: Readable; bytesRead: () => number } {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  body.on('error', (error) => counter.destroy(error));
  return { stream: body.pipe(counter), bytesRead: () => bytes };
}

/**
 * Gzipped parsed rows are a fraction of the file (~20 MB for 1M rows); collected and written in one
 * PUT. The sink holds no promise of its own: a failed read destroys it with the reader's error, and
 * a promise nobody awaits on that path would reject unhandled and stop the process.
 */
function collect(): { stream: Writable; bytes: () => Buffer } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  return { stream, bytes: () => Buffer.concat(chunks) };
}

/**
 * Records a refused read. A file read before keeps its last good reading (PARSED, with the new
 * error beside it); a file never read is FAILED. Nothing else of the record changes.
 */
export async function recordParseRefusal(job: ParseJobInput, message: string, detail: ParseErrorDetail): Promise<boolean> {
  const file = await readFile(job);
  if (!file || file.parse_id !== job.parse_id) return false;
  try {
    await db()
      .entities.file.patch(fileKeyOf(job))
      .set({ status: file.parsed_key ? 'PARSED' : 'FAILED', error: message, error_detail: detail })
      .remove(['parse_progress'])
      .where((a, op) => op.eq(a.parse_id, job.parse_id))
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

const comparisonKeyOf = (job: ParseJobInput) => ({ organization_id: job.organization_id, company_id: job.company_id, id: job.comparison_id });

/** Whether this job's reading completes an Import Data comparison: its other file is already read. */
async function completesImport(job: ParseJobInput): Promise<boolean> {
  const { data: comparison } = await db().entities.comparison.get(comparisonKeyOf(job)).go({ consistent: true });
  if (!comparison || comparison.step !== 'IMPORT_DATA') return false;
  const ids = [comparison.baseline_file_id, comparison.secondary_file_id];
  const other = ids.find((id) => id && id !== job.file_id);
  if (!other || !ids.includes(job.file_id)) return false;
  const { data: file } = await db().entities.file.get({ company_id: job.company_id, comparison_id: job.comparison_id, id: other }).go({ consistent: true });
  return file?.status === 'PARSED' && !!file.parsed_key;
}

/** What a finished reading clears of the File: the last failure, the progress, a worksheet the file no longer has. */
type ClearedOnReading = 'error' | 'error_detail' | 'parse_progress' | 'worksheet_name';

/**
 * Marks the File read and, when that completes the import, moves the comparison to Select Data
 * Points in the same transaction, so whoever polls the File never sees both sides read while the
 * comparison still says Import Data. 'superseded' when a newer request took the File over.
 */
async function commitReading(job: ParseJobInput, set: UpdateEntityItem<typeof FileEntity>, remove: ClearedOnReading[]): Promise<'advanced' | 'recorded' | 'superseded'> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const advance = await completesImport(job);
    const { failedConditions } = await transactWrite(({ file, comparison }) => [
      file
        .patch(fileKeyOf(job))
        .set(set)
        .remove(remove)
        .where((a, op) => op.eq(a.parse_id, job.parse_id))
        .commit(),
      ...(advance
        ? [comparison.patch(comparisonKeyOf(job)).set({ step: 'SELECT_DATA_POINTS' }).where((a, op) => op.eq(a.step, 'IMPORT_DATA')).commit()]
        : []),
    ]);
    if (!failedConditions.length) return advance ? 'advanced' : 'recorded';
    // The File's own condition failed: superseded. Otherwise the comparison moved meanwhile: look again.
    if (failedConditions.includes(0)) return 'superseded';
  }
  throw new Error('the file reading could not be recorded: the comparison kept changing');
}

/**
 * Two sides finishing at the same moment each see the other still reading; the later of the two
 * moves the comparison on here.
 */
async function advanceComparison(job: ParseJobInput): Promise<void> {
  if (!(await completesImport(job))) return;
  await db()
    .entities.comparison.patch(comparisonKeyOf(job))
    .set({ step: 'SELECT_DATA_POINTS' })
    .where((a, op) => op.eq(a.step, 'IMPORT_DATA'))
    .go({ response: 'none' })
    .catch((error) => {
      if (!isConditionFailure(error)) throw error;
    });
}

export async function runParseJob(job: ParseJobInput): Promise<{ outcome: ParseJobOutcome }> {
  const file = await readFile(job);
  if (!file || file.parse_id !== job.parse_id || file.status !== 'PARSING') return { outcome: 'SUPERSEDED' };
  const object = await openObject(file.storage_key);
  if (!object) {
    await recordParseRefusal(job, NOT_UPLOADED_MESSAGE, { status: 400 });
    return { outcome: 'REFUSED' };
  }
  // S3 holds a presigned PUT to its declared length, but s3rver (the local stack) does not check
  // signatures: there an upload longer than declared, or past the limit, is refused and removed
  // here, so nothing too large stays stored.
  const tooLarge = object.size > MAX_DATA_FILE_BYTES;
  if (tooLarge || (file.size !== undefined && object.size > file.size)) {
    object.body.destroy?.();
    await deleteObjects([file.storage_key]);
    const message = tooLarge ? fileParseMessages.tooLarge(MAX_DATA_FILE_BYTES) : fileParseMessages.largerThanDeclared(object.size, file.size ?? 0);
    await recordParseRefusal(job, message, { status: 413 });
    return { outcome: 'REFUSED' };
  }

  const input = counted(object.body);
  // Bytes measure progress only through a CSV: a workbook's sheet may be parked whole before its
  // first row is read (and an .xls is read whole), so there the rows read are the only honest figure.
  const bytesMeasureProgress = /\.csv$/i.test(file.name);
  // Progress writes go one after another and never fail the read; the last one is awaited.
  let reported = Date.now();
  let progressWrites: Promise<unknown> = Promise.resolve();
  const onRows = (rowsRead: number) => {
    if (Date.now() - reported < PROGRESS_EVERY_MS) return;
    reported = Date.now();
    const progress = { rows_read: rowsRead, ...(bytesMeasureProgress ? { bytes_read: input.bytesRead() } : {}) };
    progressWrites = progressWrites.then(() =>
      db()
        .entities.file.patch(fileKeyOf(job))
        .set({ parse_progress: progress })
        .where((a, op) => op.eq(a.parse_id, job.parse_id))
        .go({ response: 'none' })
        .catch(() => undefined),
    );
  };

  const output = collect();
  const byColumn = new ParsedColumnsWriter(isIdentifierCandidate);
  const parts: ParsedRowsPart[] = [];
  let summary;
  try {
    summary = await writeParsedRows(input.stream, file.name, output.stream, {
      worksheetName: job.worksheet_name,
      headerRowIndex: job.header_row_index,
      onRows,
      byColumn,
      onPart: (part) => parts.push(part),
      partChars: config.parsedPartChars,
    });
  } catch (error) {
    object.body.destroy?.();
    byColumn.abort();
    await progressWrites;
    if (!(error instanceof FileParseError)) throw error;
    logger.warn('file parse refused', { file_id: job.file_id, code: error.code });
    await recordParseRefusal(job, error.message, {
      status: error.code === 'TOO_LARGE' ? 413 : 400,
      ...(error.worksheets ? { worksheets: error.worksheets } : {}),
    });
    return { outcome: 'REFUSED' };
  }
  await progressWrites;

  const key = parsedKey({ organizationId: job.organization_id, companyId: job.company_id, comparisonId: job.comparison_id, fileId: job.file_id, parseId: job.parse_id });
  const stored = await byColumn.finish();
  await Promise.all([
    putObject(key, output.bytes(), 'application/x-ndjson', 'gzip'),
    putObject(parsedColumnsKey(key), stored.body, 'application/octet-stream'),
    // Where each part of the rows is: a comparison too large for one task splits them by these ranges.
    putObject(parsedPartsKey(key), Buffer.from(JSON.stringify(parts)), 'application/json'),
  ]);
  const set: UpdateEntityItem<typeof FileEntity> = {
    status: 'PARSED',
    parsed_key: key,
    parsed_columns: stored.columns,
    columns: summary.columns,
    row_count: summary.row_count,
    filled_counts: summary.filled_counts,
    header_row_index: summary.header_row_index,
    worksheets: summary.worksheets,
  };
  if (summary.worksheet_name !== null) set.worksheet_name = summary.worksheet_name;
  const remove: ClearedOnReading[] = ['error', 'error_detail', 'parse_progress', ...(summary.worksheet_name === null ? (['worksheet_name'] as const) : [])];
  const committed = await commitReading(job, set, remove);
  if (committed === 'superseded') {
    // Superseded while reading (or the file was replaced): the rows just stored belong to nobody.
    await deleteObjects(parsedObjectKeys(key));
    return { outcome: 'SUPERSEDED' };
  }
  // The previous reading's rows are no longer referenced.
  if (file.parsed_key && file.parsed_key !== key) await deleteObjects(parsedObjectKeys(file.parsed_key)).catch(() => undefined);
  if (committed === 'recorded') await advanceComparison(job);
  logger.info('file parsed', { file_id: job.file_id, rows: summary.row_count, columns: summary.columns.length });
  return { outcome: 'PARSED' };
}
