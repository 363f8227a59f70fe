import { StartExecutionCommand } from '@aws-sdk/client-sfn';
import type { UpdateEntityItem } from 'electrodb';
import { fileExtension, DATA_UPLOAD_EXTENSIONS } from '../../../shared/files';
import { MAX_UPLOAD_BYTES, PART_URLS_PER_REQUEST, partSizeFor, planParts, sizeLabel, tooLargeToUploadMessage } from '../../../shared/upload-plan';
import { maskPreviewRows } from '../../../shared/mask';
import type {
  ComparisonFileResponse,
  FileParse,
  FileRowsResponse,
  FileUpload,
  FileUploadResponse,
  ParsedFileResponse,
} from '../../../shared/schemas/comparison';
import type { ComparisonEntity } from '../db/comparison';
import { db } from '../db/service';
import { transactWrite } from '../db/transactions';
import { newId } from '../db/attributes';
import { badRequest, conflict, HttpError, notFound } from '../errors';
import { sfn } from '../aws';
import { config } from '../config';
import { fileParseMessages, openParsedRows } from '../files';
import { logger } from '../observability/logger';
import { assertEditable, loadComparison, type ComparisonRecord } from './comparison-record';
import { requireAction, type CompanyContext } from '../tenancy/company-context';
import { loadFiles, type FileRecord } from './records';
import { NOT_UPLOADED_MESSAGE, recordParseRefusal, type ParseErrorDetail, type ParseJobInput } from './parse-job';
import { deleteObjects, objectExists, openObject, parsedObjectKeys, presignUpload, uploadKey } from '../storage/objects';
import { fileView } from './views';
import { abortMultipartUpload, createMultipartUpload, signParts } from '../storage/multipart';

/** Rows shown under a parsed file (UX: a preview of the first rows with the column names). */
export const PREVIEW_ROWS = 10;

const SIDE_FIELD = { BASELINE: 'baseline_file_id', SECONDARY: 'secondary_file_id' } as const;

/**
 * Step 2: declares an upload. Checks extension and size before anything is stored, replaces the
 * previous file of that side (record, S3 objects, an upload of it still under way), and answers a
 * presigned PUT URL bound to the declared length, or above the multipart threshold an S3 multipart
 * upload with its first part URLs (functions/lib/comparisons/upload-parts.ts does the rest).
 */
export async function createUpload(ctx: CompanyContext, comparisonId: string, body: FileUpload): Promise<FileUploadResponse> {
  const comparison = await loadComparison(ctx, comparisonId);
  await requireAction(ctx, 'comparison.create');
  assertEditable(comparison);
  const extension = fileExtension(body.name);
  if (!(DATA_UPLOAD_EXTENSIONS as readonly string[]).includes(extension)) {
    throw badRequest(fileParseMessages.wrongExtension(body.name), { name: 'Upload an .xlsx, .xls or .csv file, or an 834 (.834, .edi, .x12)' });
  }
  if (body.size > MAX_UPLOAD_BYTES) throw new HttpError(413, tooLargeToUploadMessage(), { size: `The file is too large (${sizeLabel(MAX_UPLOAD_BYTES)} at most)` });

  const contentType = body.content_type || 'application/octet-stream';
  const fileId = newId();
  const ids = { organizationId: ctx.organizationId, companyId: ctx.companyId, comparisonId: comparison.id, fileId };
  const storageKey = uploadKey(ids, extension);
  const previous = await loadFiles(ctx, comparison);
  const replaced = previous.all.filter((f) => f.file_type === body.file_type);
  // Above the threshold the bytes go up in parts: the S3 upload exists before the record names it.
  const inParts = body.size > config.multipartThresholdBytes;
  const partSize = inParts ? partSizeFor(body.size, config.multipartPartBytes) : undefined;
  const uploadId = inParts ? await createMultipartUpload(storageKey, contentType) : undefined;

  const record = {
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
    ...(uploadId ? { upload_id: uploadId, part_size: partSize } : {}),
  };
  // A new file means the set-up from the old one no longer holds: back to Import Data.
  const set: UpdateEntityItem<typeof ComparisonEntity> = { [SIDE_FIELD[body.file_type]]: fileId, updated_by_user_id: ctx.caller.user.id };
  if (comparison.step !== 'IMPORT_DATA') set.step = 'IMPORT_DATA';
  // The File and the comparison naming it are written together, and only while the comparison is as
  // read: the same side's file, no run started since, not complete. A declaration of the other side
  // at the same moment does not touch these, so both land.
  const side = SIDE_FIELD[body.file_type];
  const previousFileId = comparison[side];
  const { failedConditions } = await transactWrite(({ file, comparison: c }) => [
    file.create(record).commit(),
    c
      .patch({ organization_id: ctx.organizationId, company_id: ctx.companyId, id: comparison.id })
      .set(set)
      .where((a, op) =>
        [
          previousFileId ? op.eq(a[side], previousFileId) : op.notExists(a[side]),
          comparison.run_id ? op.eq(a.run_id, comparison.run_id) : op.notExists(a.run_id),
          `(${op.notExists(a.status)} OR ${op.ne(a.status, 'RUNNING')})`,
          op.ne(a.step, 'COMPLETE'),
        ].join(' AND '),
      )
      .commit(),
  ]);
  if (failedConditions.length) {
    if (uploadId) await abortMultipartUpload(storageKey, uploadId);
    throw conflict(await declarationConflictMessage(ctx, comparison.id, body.file_type));
  }
  const { data: file } = await db().entities.file.get({ company_id: ctx.companyId, comparison_id: comparison.id, id: fileId }).go({ consistent: true });
  if (!file) throw new Error('the declared file was not found after its write');
  if (replaced.length) {
    await Promise.all(replaced.flatMap((f) => (f.upload_id ? [abortMultipartUpload(f.storage_key, f.upload_id)] : [])));
    await deleteObjects(replaced.flatMap((f) => [f.storage_key, ...(f.parsed_key ? parsedObjectKeys(f.parsed_key) : [])]));
    await db()
      .entities.file.delete(replaced.map((f) => ({ company_id: ctx.companyId, comparison_id: comparison.id, id: f.id })))
      .go();
  }
  if (uploadId && partSize) {
    const plan = planParts(body.size, partSize);
    const parts = await signParts(storageKey, uploadId, plan.slice(0, PART_URLS_PER_REQUEST));
    return { file: fileView(file), upload_url: null, upload_headers: {}, multipart: { upload_id: uploadId, part_size: partSize, part_count: plan.length, parts } };
  }
  const upload_url = await presignUpload(storageKey, contentType, body.size);
  return { file: fileView(file), upload_url, upload_headers: { 'Content-Type': contentType }, multipart: null };
}

/** Why a declaration found the comparison changed: a run started, or another file took the side. */
async function declarationConflictMessage(ctx: CompanyContext, comparisonId: string, fileType: FileUpload['file_type']): Promise<string> {
  const now = await loadComparison(ctx, comparisonId);
  if (now.status === 'RUNNING') return 'A run of this comparison started while you were adding the file. Wait for it to finish, then add the file again.';
  if (now.step === 'COMPLETE') return 'This comparison was completed while you were adding the file and can no longer be changed.';
  const side = fileType === 'BASELINE' ? 'baseline' : 'carrier';
  return `Someone else added a ${side} file to this comparison at the same moment. Reload it to see theirs, or add yours again.`;
}

export async function loadFile(ctx: CompanyContext, comparison: ComparisonRecord, fileId: string): Promise<FileRecord> {
  const { data } = await db().entities.file.get({ company_id: ctx.companyId, comparison_id: comparison.id, id: fileId }).go();
  if (!data || (comparison.baseline_file_id !== data.id && comparison.secondary_file_id !== data.id)) throw notFound();
  return data;
}

/**
 * Step 3: starts reading the uploaded object (the FileParse state machine: ParseFile) and waits for
 * it up to `waitSeconds`. Done in time: the File with its preview, or the refusal as 400 (413 when
 * too large) with the parser's message. Still reading: `done: false` and the File in PARSING, which
 * GET …/files/{id} shows until it settles. The comparison is left where it was on a refusal.
 */
/** A read finished within the wait (with a preview of its rows), or the File as it stands while the read goes on. */
export type ParseOutcome = { done: true; file: ParsedFileResponse } | { done: false; file: ComparisonFileResponse };

export async function parseUploadedFile(ctx: CompanyContext, comparisonId: string, fileId: string, body: FileParse, waitSeconds: number): Promise<ParseOutcome> {
  const comparison = await loadComparison(ctx, comparisonId);
  await requireAction(ctx, 'comparison.create');
  assertEditable(comparison);
  const file = await loadFile(ctx, comparison, fileId);
  if (!(await objectExists(file.storage_key))) throw badRequest(NOT_UPLOADED_MESSAGE);

  const fileKey = { company_id: ctx.companyId, comparison_id: comparison.id, id: file.id };
  const job: ParseJobInput = {
    organization_id: ctx.organizationId,
    company_id: ctx.companyId,
    comparison_id: comparison.id,
    file_id: file.id,
    parse_id: newId(),
    ...(body.worksheet_name !== undefined ? { worksheet_name: body.worksheet_name } : {}),
    ...(body.header_row_index !== undefined ? { header_row_index: body.header_row_index } : {}),
  };
  // Claiming the record with a new parse_id supersedes any job still reading it.
  await db()
    .entities.file.patch(fileKey)
    .set({ status: 'PARSING', parse_id: job.parse_id, parse_progress: { rows_read: 0 } })
    .remove(['error', 'error_detail'])
    .go({ response: 'none' });
  try {
    await sfn().send(new StartExecutionCommand({ stateMachineArn: config.fileParseStateMachineArn, name: job.parse_id, input: JSON.stringify(job) }));
  } catch (error) {
    logger.error('file parse could not start', { file_id: file.id, error });
    await recordParseRefusal(job, 'Reading the file could not be started. Try again in a minute.', { status: 500 });
    throw error;
  }

  const { settled, file: current } = await waitForParse(fileKey, job.parse_id, Date.now() + waitSeconds * 1000);
  if (!settled) return { done: false, file: fileView(current) };
  if (current.error) {
    const detail = (current.error_detail ?? {}) as ParseErrorDetail;
    throw new HttpError(detail.status ?? 400, current.error, {
      file: current.error,
      ...(detail.worksheets ? { worksheet_name: `Available worksheets: ${detail.worksheets.join(', ')}` } : {}),
    });
  }
  const preview = await readPreview(current.parsed_key!, PREVIEW_ROWS);
  return { done: true, file: { ...fileView(current), preview: preview.rows } };
}

const POLL_MS = 100;

/**
 * Polls the File until the job `parseId` settles (`settled: true`), the deadline passes or a newer
 * request takes the File over; answers the record as last read either way.
 */
async function waitForParse(fileKey: { company_id: string; comparison_id: string; id: string }, parseId: string, deadline: number) {
  for (;;) {
    const { data } = await db().entities.file.get(fileKey).go({ consistent: true });
    // The File was just claimed under this key; it is gone only if replaced meanwhile.
    if (!data) throw notFound();
    if (data.parse_id === parseId && data.status !== 'PARSING') return { settled: true, file: data };
    if (data.parse_id !== parseId || Date.now() + POLL_MS > deadline) return { settled: false, file: data };
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** GET …/files/{id}: the File, with the progress of a read under way. */
export async function getFile(ctx: CompanyContext, comparisonId: string, fileId: string): Promise<ComparisonFileResponse> {
  const comparison = await loadComparison(ctx, comparisonId);
  return fileView(await loadFile(ctx, comparison, fileId));
}

/**
 * The first rows of a parsed file, read from the start of its stored rows (never the whole file),
 * with SSNs and dates of birth masked: a preview is for recognising the columns, not the people.
 */
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
  return { columns: opened.header.columns, rows: maskPreviewRows(opened.header.columns, rows) };
}

export async function fileRows(ctx: CompanyContext, comparisonId: string, fileId: string, limit: number): Promise<FileRowsResponse> {
  const comparison = await loadComparison(ctx, comparisonId);
  await requireAction(ctx, 'comparison.create');
  const file = await loadFile(ctx, comparison, fileId);
  if (file.status !== 'PARSED' || !file.parsed_key) throw badRequest('This file has not been read yet.');
  const preview = await readPreview(file.parsed_key, limit);
  return { file_id: file.id, columns: preview.columns, rows: preview.rows };
}
