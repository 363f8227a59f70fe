import { PassThrough } from 'node:stream';
import { fileExtension, DATA_UPLOAD_EXTENSIONS } from '../../../shared/files';
import type { FileParse, FileUpload } from '../../../shared/schemas/comparison';
import { db } from '../db/service';
import { newId } from '../db/attributes';
import { badRequest, HttpError, notFound } from '../errors';
import { FileParseError, fileParseMessages, MAX_DATA_FILE_BYTES, openParsedRows, writeParsedRows } from '../files';
import { log } from '../log';
import { assertEditable, loadComparison, requireAction, type CompanyContext, type ComparisonRecord } from './context';
import { loadFiles } from './comparisons';
import { deleteObjects, openObject, parsedKey, presignUpload, putObject, uploadKey } from './storage';
import { fileView } from './views';

/** Rows shown under a parsed file (UX: a preview of the first rows with the column names). */
export const PREVIEW_ROWS = 10;

const SIDE_FIELD = { BASELINE: 'baseline_file_id', SECONDARY: 'secondary_file_id' } as const;

/**
 * Step 2: declares an upload. Checks extension and size before anything is stored, replaces the
 * previous file of that side (record and S3 objects), and answers a presigned PUT URL.
 */
export async function createUpload(ctx: CompanyContext, comparisonId: string, body: FileUpload) {
  const comparison = await loadComparison(ctx, comparisonId);
  await requireAction(ctx, 'comparison.create');
  assertEditable(comparison);
  const extension = fileExtension(body.name);
  if (!(DATA_UPLOAD_EXTENSIONS as readonly string[]).includes(extension)) {
    throw badRequest(fileParseMessages.wrongExtension(body.name), { name: 'Upload an .xlsx, .xls or .csv file' });
  }
  if (body.size > MAX_DATA_FILE_BYTES) throw new HttpError(413, fileParseMessages.tooLarge(MAX_DATA_FILE_BYTES), { size: 'The file is too large' });

  const contentType = body.content_type || 'application/octet-stream';
  const fileId = newId();
  const ids = { organizationId: ctx.organizationId, companyId: ctx.companyId, comparisonId: comparison.id, fileId };
  const storageKey = uploadKey(ids, extension);
  const previous = await loadFiles(ctx, comparison);
  const replaced = previous.all.filter((f) => f.file_type === body.file_type);

  const { data: file } = await db()
    .entities.file.create({
      id: fileId,
      organization_id: ctx.organizationId,
      company_id: ctx.companyId,
      comparison_id: comparison.id,
      file_type: body.file_type,
      name: body.name,
      size: body.size,
      content_type: contentType,
      storage_key: storageKey,
      status: 'UPLOADING',
    })
    .go();
  // A new file means the set-up from the old one no longer holds: back to Import Data.
  const set: Record<string, unknown> = { [SIDE_FIELD[body.file_type]]: fileId, updated_by_user_id: ctx.caller.user.id };
  if (comparison.step !== 'IMPORT_DATA') set.step = 'IMPORT_DATA';
  await db()
    .entities.comparison.patch({ organization_id: ctx.organizationId, company_id: ctx.companyId, id: comparison.id })
    .set(set as never)
    .go();
  if (replaced.length) {
    await deleteObjects(replaced.flatMap((f) => [f.storage_key, f.parsed_key]));
    await db()
      .entities.file.delete(replaced.map((f) => ({ company_id: ctx.companyId, comparison_id: comparison.id, id: f.id })))
      .go();
  }
  const upload_url = await presignUpload(storageKey, contentType);
  return { file: fileView(file), upload_url, upload_headers: { 'Content-Type': contentType } };
}

export async function loadFile(ctx: CompanyContext, comparison: ComparisonRecord, fileId: string) {
  const { data } = await db().entities.file.get({ company_id: ctx.companyId, comparison_id: comparison.id, id: fileId }).go();
  if (!data || (comparison.baseline_file_id !== data.id && comparison.secondary_file_id !== data.id)) throw notFound();
  return data;
}

/** Gzipped parsed rows are a fraction of the file; collected in memory and written in one PUT. */
function collect(): { stream: PassThrough; done: Promise<Buffer> } {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
  return { stream, done };
}

/**
 * Step 3: reads the uploaded object from S3 through the parser and stores the parsed rows as
 * gzipped JSON lines in S3. A file the parser refuses is marked FAILED with the user's message
 * (400, or 413 when too large); the comparison is left where it was.
 */
export async function parseUploadedFile(ctx: CompanyContext, comparisonId: string, fileId: string, body: FileParse) {
  const comparison = await loadComparison(ctx, comparisonId);
  await requireAction(ctx, 'comparison.create');
  assertEditable(comparison);
  const file = await loadFile(ctx, comparison, fileId);
  const object = await openObject(file.storage_key);
  if (!object) throw badRequest('The file has not been uploaded yet. Upload it again and wait for the upload to finish.');

  const key = parsedKey({ organizationId: ctx.organizationId, companyId: ctx.companyId, comparisonId: comparison.id, fileId: file.id });
  const fileKey = { company_id: ctx.companyId, comparison_id: comparison.id, id: file.id };
  const output = collect();
  let summary;
  try {
    summary = await writeParsedRows(object.body, file.name, output.stream, {
      worksheetName: body.worksheet_name,
      headerRowIndex: body.header_row_index,
    });
  } catch (error) {
    object.body.destroy?.();
    if (!(error instanceof FileParseError)) throw error;
    log.warn('file parse refused', { file_id: file.id, code: error.code });
    // A file read before keeps its last good reading (nothing half-written); a new one is marked FAILED.
    if (file.status !== 'PARSED') {
      await db().entities.file.patch(fileKey).set({ status: 'FAILED', error: error.message }).go();
    }
    throw new HttpError(error.code === 'TOO_LARGE' ? 413 : 400, error.message, {
      file: error.message,
      ...(error.worksheets ? { worksheet_name: `Available worksheets: ${error.worksheets.join(', ')}` } : {}),
    });
  }
  const gz = await output.done;
  await putObject(key, gz, 'application/x-ndjson', 'gzip');
  const set: Record<string, unknown> = {
    status: 'PARSED',
    parsed_key: key,
    columns: summary.columns,
    row_count: summary.row_count,
    header_row_index: summary.header_row_index,
    worksheets: summary.worksheets,
  };
  if (summary.worksheet_name !== null) set.worksheet_name = summary.worksheet_name;
  const removeFields = ['error', ...(summary.worksheet_name === null ? ['worksheet_name'] : [])];
  const { data: updated } = await db()
    .entities.file.patch(fileKey)
    .set(set as never)
    .remove(removeFields as never)
    .go({ response: 'all_new' });

  // Both sides read: the comparison may move on to choosing data points.
  const files = await loadFiles(ctx, comparison);
  if (comparison.step === 'IMPORT_DATA' && files.baseline?.status === 'PARSED' && files.secondary?.status === 'PARSED') {
    await db()
      .entities.comparison.patch({ organization_id: ctx.organizationId, company_id: ctx.companyId, id: comparison.id })
      .set({ step: 'SELECT_DATA_POINTS' })
      .go();
  }
  const preview = await readPreview(key, PREVIEW_ROWS);
  return { ...fileView(updated), preview: preview.rows };
}

/** The first rows of a parsed file, read from the start of its stored rows (never the whole file). */
export async function readPreview(key: string, limit: number): Promise<{ columns: string[]; rows: string[][] }> {
  const object = await openObject(key);
  if (!object) return { columns: [], rows: [] };
  const opened = await openParsedRows(object.body);
  const rows: string[][] = [];
  for await (const row of opened.rows) {
    rows.push(row);
    if (rows.length >= limit) break;
  }
  object.body.destroy?.();
  return { columns: opened.header.columns, rows };
}

export async function fileRows(ctx: CompanyContext, comparisonId: string, fileId: string, limit: number) {
  const comparison = await loadComparison(ctx, comparisonId);
  const file = await loadFile(ctx, comparison, fileId);
  if (file.status !== 'PARSED' || !file.parsed_key) throw badRequest('This file has not been read yet.');
  const preview = await readPreview(file.parsed_key, limit);
  return { file_id: file.id, columns: preview.columns, rows: preview.rows };
}
