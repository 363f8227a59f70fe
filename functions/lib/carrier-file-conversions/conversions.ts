import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { GuardianFileError, UNPLACED_MESSAGE, type UnplacedReason } from '../../../shared/carrier-files/guardian-row-based';
import { fileExtension } from '../../../shared/files';
import { maskPreviewRows } from '../../../shared/mask';
import type { ConversionCreate, ConversionResponse, ConversionUse } from '../../../shared/schemas/carrier-file-conversion';
import type { EntityItem } from 'electrodb';
import { newId } from '../db/attributes';
import type { CarrierFileConversionEntity } from '../db/carrier-file-conversion';
import { db } from '../db/service';
import { badRequest, conflict, HttpError, notFound } from '../errors';
import { FileParseError, fileParseMessages, MAX_CONVERTIBLE_FILE_BYTES, parseFile } from '../files';
import { logger } from '../observability/logger';
import { config } from '../config';
import { requireAction, type CompanyContext } from '../tenancy/company-context';
import { createUpload, parseUploadedFile } from '../comparisons/files';
import { recordAudit } from '../audit/record';
import { requireMfaForFullSsns } from '../full-ssn-files';
import { conversionPrefix, CONVERSION_RETENTION_DAYS } from '../storage/object-keys';
import { deleteObjects, deletePrefix, objectExists, openObject, presignDownload, presignUpload, touchObject, uploadStream, DOWNLOAD_URL_EXPIRES_SECONDS } from '../storage/objects';
import { convertToTempFile, originalRows } from './guardian-file';

/**
 * Carrier file conversions: the original is PUT to a presigned URL, converted here into an .xlsx
 * workbook stored beside it under the conversion's prefix, and from there downloaded or attached to
 * a comparison as its SECONDARY file (created and read by the comparison file functions, as an
 * upload would be).
 *
 * Both files hold SSNs and birth dates, so nothing is kept for ever: a conversion is deleted by its
 * DELETE, with its company, or CONVERSION_RETENTION_DAYS after its last use (upload, convert,
 * download, attach). Each use rewrites its objects in place, so the bucket's lifecycle rule on the
 * conversions prefix counts its days from that use; the record, past the same days, is removed
 * with whatever is left of its objects the next time it is read or listed.
 */

/** Originals the converter reads: spreadsheets and CSV exports (an 834 is read directly by comparisons). */
export const CONVERTIBLE_EXTENSIONS = ['.csv', '.xlsx', '.xls'] as const;
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const NOT_UPLOADED_MESSAGE = 'The file has not been uploaded yet. Upload it again and wait for the upload to finish.';
export const PREVIEW_ROWS = 10;

const prefix = (ctx: CompanyContext, conversionId: string) => conversionPrefix({ organizationId: ctx.organizationId, companyId: ctx.companyId, conversionId });
const RETENTION_MS = CONVERSION_RETENTION_DAYS * 24 * 60 * 60_000;

type ConversionRecord = EntityItem<typeof CarrierFileConversionEntity>;

async function allowed(ctx: CompanyContext): Promise<void> {
  await requireAction(ctx, 'carrier-files.convert');
}

async function loadConversion(ctx: CompanyContext, conversionId: string): Promise<ConversionRecord> {
  const { data } = await db()
    .entities.carrierFileConversion.get({ organization_id: ctx.organizationId, company_id: ctx.companyId, id: conversionId })
    .go({ consistent: true });
  if (!data) throw notFound();
  if (expired(data)) {
    await removeConversion(data);
    throw notFound();
  }
  return data;
}

/** Unused for longer than the retention: its objects have expired or are about to. */
const expired = (c: ConversionRecord, now = Date.now()) => now - Date.parse(c.last_used_at ?? c.updated_at) > RETENTION_MS;

/** The conversion's objects, then its record (last, so a failure leaves it listed and a retry finishes). */
async function removeConversion(c: ConversionRecord): Promise<void> {
  // Keys given as well as the prefix: conversions from before the prefix kept theirs under the company's uploads.
  await deleteObjects([c.original_key, c.converted_key]);
  await deletePrefix(conversionPrefix({ organizationId: c.organization_id, companyId: c.company_id, conversionId: c.id }));
  await db().entities.carrierFileConversion.delete({ organization_id: c.organization_id, company_id: c.company_id, id: c.id }).go({ response: 'none' });
}

/** Rewrites the conversion's objects in place and records the use, so its retention starts again now. */
async function markUsed(ctx: CompanyContext, c: ConversionRecord): Promise<void> {
  await Promise.all([touchObject(c.original_key), c.converted_key ? touchObject(c.converted_key) : null]);
  await db()
    .entities.carrierFileConversion.patch({ organization_id: ctx.organizationId, company_id: ctx.companyId, id: c.id })
    .set({ last_used_at: new Date().toISOString() })
    .go({ response: 'none' });
}

/** DELETE: the original, the converted workbook and the record, with an audit event; 404 outside the company. */
export async function deleteConversion(ctx: CompanyContext, conversionId: string): Promise<void> {
  await allowed(ctx);
  const conversion = await loadConversion(ctx, conversionId);
  await removeConversion(conversion);
  await recordAudit(ctx.caller, {
    action: 'CONVERSION_DELETED',
    organization_id: ctx.organizationId,
    company_id: ctx.companyId,
    target_type: 'CARRIER_FILE_CONVERSION',
    target_id: conversion.id,
    target_name: conversion.name,
  });
}

/** Every conversion of a company, objects and records: they go with the company. */
export async function deleteCompanyConversions(organizationId: string, companyId: string): Promise<number> {
  const { data } = await db().entities.carrierFileConversion.query.byCompany({ organization_id: organizationId, company_id: companyId }).go({ pages: 'all' });
  for (const conversion of data as ConversionRecord[]) await removeConversion(conversion);
  return data.length;
}

/** A conversion runs at most the convert route's 5 minutes; one CONVERTING for longer has died. */
export const STALE_CONVERSION_MS = 15 * 60_000;
export const STALE_CONVERSION_MESSAGE = 'The conversion stopped before it finished. Convert the file again.';

/** A CONVERTING record whose run stopped without a word reads as the failure it is. */
function settled(c: ConversionRecord): { status: ConversionResponse['status']; error: string | null } {
  const stale = c.status === 'CONVERTING' && Date.now() - Date.parse(c.updated_at) > STALE_CONVERSION_MS;
  if (!stale) return { status: c.status as ConversionResponse['status'], error: c.error ?? null };
  return { status: c.converted_key ? 'CONVERTED' : 'FAILED', error: STALE_CONVERSION_MESSAGE };
}

/** What the API shows of a conversion: never its storage keys. */
export function conversionView(c: ConversionRecord): ConversionResponse {
  const { status, error } = settled(c);
  const unplaced = ((c.unplaced as Array<{ row: number; reason: UnplacedReason }> | undefined) ?? []).map((u) => ({ ...u, message: UNPLACED_MESSAGE[u.reason] }));
  return {
    id: c.id,
    company_id: c.company_id,
    source_file_type: c.source_file_type as ConversionResponse['source_file_type'],
    converted_file_type: 'GUARDIAN_ROW_BASED_CONVERTED',
    name: c.name,
    size: c.size ?? null,
    content_type: c.content_type ?? null,
    status,
    error,
    converted_name: c.converted_name ?? null,
    worksheet_name: c.worksheet_name ?? null,
    header_row: c.header_row ?? null,
    counts: (c.counts as ConversionResponse['counts']) ?? null,
    unplaced,
    unplaced_by_reason: (c.unplaced_by_reason as ConversionResponse['unplaced_by_reason']) ?? null,
    ignored_columns: c.ignored_columns ?? [],
    used_in_comparison_ids: c.used_in_comparison_ids ?? [],
    created_by_user_id: c.created_by_user_id,
    converted_at: c.converted_at ?? null,
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

/** The converted workbook's name: the original's, marked converted. */
export function convertedName(original: string): string {
  const base = original.replace(/\.[^./\\]+$/, '');
  return `${base} (converted).xlsx`;
}

export async function createConversion(ctx: CompanyContext, body: ConversionCreate) {
  await allowed(ctx);
  const extension = fileExtension(body.name);
  if (!(CONVERTIBLE_EXTENSIONS as readonly string[]).includes(extension)) {
    throw badRequest(`"${body.name}" cannot be converted. Upload the carrier's export as an Excel workbook (.xlsx or .xls) or a CSV file (.csv).`, {
      name: 'Upload an .xlsx, .xls or .csv file',
    });
  }
  if (body.size > MAX_CONVERTIBLE_FILE_BYTES) throw new HttpError(413, fileParseMessages.tooLarge(MAX_CONVERTIBLE_FILE_BYTES), { size: 'The file is too large' });
  const contentType = body.content_type || 'application/octet-stream';
  const id = newId();
  const originalKey = `${prefix(ctx, id)}original${extension}`;
  const { data } = await db()
    .entities.carrierFileConversion.create({
      id,
      organization_id: ctx.organizationId,
      company_id: ctx.companyId,
      source_file_type: body.source_file_type,
      name: body.name,
      size: body.size,
      content_type: contentType,
      original_key: originalKey,
      status: 'UPLOADING',
      created_by_user_id: ctx.caller.user.id,
      last_used_at: new Date().toISOString(),
    })
    .go();
  const upload_url = await presignUpload(originalKey, contentType, body.size);
  return { conversion: conversionView(data as ConversionRecord), upload_url, upload_headers: { 'Content-Type': contentType } };
}

export async function listConversions(ctx: CompanyContext) {
  await allowed(ctx);
  const { data } = await db()
    .entities.carrierFileConversion.query.byCompany({ organization_id: ctx.organizationId, company_id: ctx.companyId })
    .go({ pages: 'all' });
  const records = data as ConversionRecord[];
  await Promise.all(records.filter((c) => expired(c)).map(removeConversion));
  const items = records.filter((c) => !expired(c)).sort((a, b) => b.created_at.localeCompare(a.created_at)).map(conversionView);
  return { items, next: null };
}

export async function getConversion(ctx: CompanyContext, conversionId: string) {
  await allowed(ctx);
  return conversionView(await loadConversion(ctx, conversionId));
}

/**
 * Converts the uploaded original. A refusal (not a Guardian file, missing columns, employees
 * without an id, an unreadable or too large file) answers 400 (413) with its message and leaves no
 * converted object; the conversion records the refusal as FAILED. Converting again replaces the
 * previous result.
 */
export async function convertConversion(ctx: CompanyContext, conversionId: string) {
  await allowed(ctx);
  const conversion = await loadConversion(ctx, conversionId);
  const key = { organization_id: ctx.organizationId, company_id: ctx.companyId, id: conversion.id };
  const object = await openObject(conversion.original_key);
  if (!object) throw badRequest(NOT_UPLOADED_MESSAGE);
  // A large export may outlast the gateway's 30 s: the run carries on and the page follows the record.
  await db().entities.carrierFileConversion.patch(key).set({ status: 'CONVERTING' }).go({ response: 'none' });
  const refuse = async (status: number, message: string) => {
    await db().entities.carrierFileConversion.patch(key).set({ status: conversion.converted_key ? 'CONVERTED' : 'FAILED', error: message }).go({ response: 'none' });
    return new HttpError(status, message, { file: message });
  };
  // S3 holds the presigned PUT to its declared length; s3rver (local) does not, so the limit is checked again here.
  if (object.size > MAX_CONVERTIBLE_FILE_BYTES) {
    object.body.destroy?.();
    await deleteObjects([conversion.original_key]);
    throw await refuse(413, fileParseMessages.tooLarge(MAX_CONVERTIBLE_FILE_BYTES));
  }
  let converted;
  try {
    converted = await convertToTempFile(object.body, conversion.name);
  } catch (error) {
    object.body.destroy?.();
    if (error instanceof GuardianFileError) throw await refuse(400, error.message);
    if (error instanceof FileParseError) {
      logger.warn('carrier file conversion refused', { conversion_id: conversion.id, code: error.code });
      throw await refuse(error.code === 'TOO_LARGE' ? 413 : 400, error.message);
    }
    await refuse(500, 'The file could not be converted because of a problem on our side. Try again in a minute.');
    throw error;
  }
  try {
    const convertedKey = `${prefix(ctx, conversion.id)}converted-${newId()}.xlsx`;
    const upload = uploadStream(convertedKey, XLSX_CONTENT_TYPE);
    await Promise.all([pipeline(createReadStream(converted.file), upload.stream), upload.done]);
    const { summary } = converted;
    const { data } = await db()
      .entities.carrierFileConversion.patch(key)
      .set({
        status: 'CONVERTED',
        converted_key: convertedKey,
        converted_name: convertedName(conversion.name),
        header_row: summary.header_row,
        counts: summary.counts,
        unplaced: summary.unplaced,
        unplaced_by_reason: summary.unplaced_by_reason,
        ignored_columns: summary.ignored_columns,
        converted_at: new Date().toISOString(),
        last_used_at: new Date().toISOString(),
        ...(summary.worksheet_name !== null ? { worksheet_name: summary.worksheet_name } : {}),
      })
      .remove(['error'])
      .go({ response: 'all_new' });
    if (conversion.converted_key) await deleteObjects([conversion.converted_key]).catch(() => undefined);
    // The converted workbook is new; the original's days start again with it.
    await touchObject(conversion.original_key);
    logger.info('carrier file converted', { conversion_id: conversion.id, rows: summary.counts.rows_written, bytes: (await stat(converted.file)).size });
    return conversionView(data as ConversionRecord);
  } catch (error) {
    await refuse(500, 'The converted file could not be stored because of a problem on our side. Try again in a minute.');
    throw error;
  } finally {
    await converted.cleanup();
  }
}

function requireConverted(conversion: ConversionRecord): string {
  // While a new conversion runs, the previous result stays available.
  if (!conversion.converted_key) throw badRequest('Convert the file first: there is no converted file yet.');
  return conversion.converted_key;
}

export async function downloadConversion(ctx: CompanyContext, conversionId: string) {
  await allowed(ctx);
  const conversion = await loadConversion(ctx, conversionId);
  const key = requireConverted(conversion);
  await requireMfaForFullSsns(ctx.caller);
  const name = conversion.converted_name ?? convertedName(conversion.name);
  await markUsed(ctx, conversion);
  await recordAudit(ctx.caller, { action: 'CONVERSION_DOWNLOADED', organization_id: ctx.organizationId, company_id: ctx.companyId, target_type: 'CARRIER_FILE_CONVERSION', target_id: conversion.id, target_name: name }, { beforeAccess: true });
  return { url: await presignDownload(key, name), expires_in_seconds: DOWNLOAD_URL_EXPIRES_SECONDS, name };
}

/** The first rows of the original and of the converted table, masked like every other preview. */
export async function previewConversion(ctx: CompanyContext, conversionId: string, limit = PREVIEW_ROWS) {
  await allowed(ctx);
  const conversion = await loadConversion(ctx, conversionId);
  const original = await openObject(conversion.original_key);
  if (!original) throw badRequest(NOT_UPLOADED_MESSAGE);
  let originalTable;
  try {
    originalTable = await originalRows(original.body, conversion.name, limit);
  } catch (error) {
    if (error instanceof GuardianFileError || error instanceof FileParseError) throw badRequest(error.message, { file: error.message });
    throw error;
  } finally {
    original.body.destroy?.();
  }
  let converted: { columns: string[]; rows: string[][] } | null = null;
  if (conversion.status === 'CONVERTED' && conversion.converted_key) {
    const object = await openObject(conversion.converted_key);
    if (object) {
      const parsed = await parseFile(object.body, 'converted.xlsx');
      const rows: string[][] = [];
      for await (const row of parsed.rows) {
        rows.push(row);
        if (rows.length >= limit) break;
      }
      object.body.destroy?.();
      converted = { columns: parsed.columns, rows: maskPreviewRows(parsed.columns, rows) };
    }
  }
  return { original: { columns: originalTable.columns, rows: maskPreviewRows(originalTable.columns, originalTable.rows) }, converted };
}

/**
 * Attaches the converted workbook to a comparison of the company as its SECONDARY file: the file
 * record and its upload slot come from the comparison files' own upload declaration (which checks
 * the comparison is editable and replaces a previous SECONDARY file), the bytes are copied there,
 * the record is marked as a converted Guardian file, and the comparison's own reading starts.
 */
export async function useConversion(ctx: CompanyContext, conversionId: string, body: ConversionUse) {
  await allowed(ctx);
  await requireAction(ctx, 'comparison.create');
  const conversion = await loadConversion(ctx, conversionId);
  const convertedKey = requireConverted(conversion);
  const object = await openObject(convertedKey);
  if (!object) throw conflict('The converted file is no longer stored. Convert the file again.');
  object.body.destroy?.();
  const name = conversion.converted_name ?? convertedName(conversion.name);
  const declared = await createUpload(ctx, body.comparison_id, { file_type: 'SECONDARY', name, size: object.size, content_type: XLSX_CONTENT_TYPE });
  const fileKey = { company_id: ctx.companyId, comparison_id: body.comparison_id, id: declared.file.id };
  const { data: file } = await db().entities.file.get(fileKey).go({ consistent: true });
  if (!file) throw notFound();
  const source = await openObject(convertedKey);
  if (!source) throw conflict('The converted file is no longer stored. Convert the file again.');
  const upload = uploadStream(file.storage_key, XLSX_CONTENT_TYPE);
  await Promise.all([pipeline(source.body, upload.stream), upload.done]);
  if (!(await objectExists(file.storage_key))) throw new Error('the converted file could not be copied to the comparison');
  await db().entities.file.patch(fileKey).set({ source_file_type: 'GUARDIAN_ROW_BASED_CONVERTED', renamed: true }).go({ response: 'none' });
  const parsed = await parseUploadedFile(ctx, body.comparison_id, declared.file.id, {}, config.parseWaitSeconds);
  await markUsed(ctx, conversion);
  const used = [...(conversion.used_in_comparison_ids ?? []).filter((c) => c !== body.comparison_id), body.comparison_id];
  const { data } = await db()
    .entities.carrierFileConversion.patch({ organization_id: ctx.organizationId, company_id: ctx.companyId, id: conversion.id })
    .set({ used_in_comparison_ids: used })
    .go({ response: 'all_new' });
  const f = parsed.file;
  return {
    conversion: conversionView(data as ConversionRecord),
    comparison_id: body.comparison_id,
    file: {
      id: f.id,
      name: f.name,
      file_type: 'SECONDARY' as const,
      status: f.status,
      error: f.error,
      renamed: true,
      source_file_type: 'GUARDIAN_ROW_BASED_CONVERTED' as const,
      columns: f.columns,
      row_count: f.row_count ?? null,
    },
  };
}
