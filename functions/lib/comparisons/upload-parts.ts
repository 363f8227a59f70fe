import { plannedPart, planParts, sizeLabel } from '../../../shared/upload-plan';
import type { ComparisonFileResponse } from '../../../shared/schemas/comparison';
import type { CompleteUpload, UploadParts, UploadPartsResponse } from '../../../shared/schemas/multipart-upload';
import { db } from '../db/service';
import { badRequest, notFound } from '../errors';
import { logger } from '../observability/logger';
import { assertEditable, loadComparison } from './comparison-record';
import { requireAction, type CompanyContext } from '../tenancy/company-context';
import { loadFile } from './files';
import { abortMultipartUpload, completeMultipartUpload, isPartsRefusal, signParts } from '../storage/multipart';
import { deleteObjects } from '../storage/objects';
import { fileView } from './views';

/**
 * The routes of a file that goes up in parts: more part URLs, completion and abort. Each one loads
 * the file through its comparison in the caller's company, and answers 404 unless `uploadId` is the
 * upload under way for that file, so another tenant's (or a finished) upload cannot be touched.
 */
async function loadUpload(ctx: CompanyContext, comparisonId: string, fileId: string, uploadId: string) {
  const comparison = await loadComparison(ctx, comparisonId);
  await requireAction(ctx, 'comparison.create');
  assertEditable(comparison);
  const file = await loadFile(ctx, comparison, fileId);
  if (!file.upload_id || file.upload_id !== uploadId || !file.part_size || file.size === undefined) throw notFound();
  return { comparison, file, size: file.size, partSize: file.part_size };
}

export async function signUploadParts(ctx: CompanyContext, comparisonId: string, fileId: string, uploadId: string, body: UploadParts): Promise<UploadPartsResponse> {
  const { file, size, partSize } = await loadUpload(ctx, comparisonId, fileId, uploadId);
  const count = planParts(size, partSize).length;
  const wanted = [...new Set(body.part_numbers)];
  const planned = wanted.flatMap((n) => plannedPart(size, partSize, n) ?? []);
  const unknown = wanted.filter((n) => !plannedPart(size, partSize, n));
  if (unknown.length) {
    throw badRequest(`This upload has ${count} part${count === 1 ? '' : 's'}; there is no part ${unknown.join(', ')}.`, { part_numbers: `Between 1 and ${count}` });
  }
  return { parts: await signParts(file.storage_key, uploadId, planned) };
}

/**
 * Joins the uploaded parts into the file. Every planned part must be named once. A stored file of
 * another length than declared (a part PUT with the wrong length, which S3 refuses but s3rver
 * takes) is removed and refused, so nothing half-written stays: the File is left FAILED with why.
 */
export async function completeUpload(ctx: CompanyContext, comparisonId: string, fileId: string, uploadId: string, body: CompleteUpload): Promise<ComparisonFileResponse> {
  const { comparison, file, size, partSize } = await loadUpload(ctx, comparisonId, fileId, uploadId);
  const plan = planParts(size, partSize);
  const named = new Set(body.parts.map((p) => p.part_number));
  const missing = plan.filter((p) => !named.has(p.part_number)).map((p) => p.part_number);
  const extra = [...named].filter((n) => n > plan.length);
  if (missing.length || extra.length || named.size !== body.parts.length) {
    const why = missing.length
      ? `part${missing.length === 1 ? '' : 's'} ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? '…' : ''} ${missing.length === 1 ? 'is' : 'are'} missing`
      : extra.length
        ? `there is no part ${extra.join(', ')}`
        : 'a part is named twice';
    throw badRequest(`The upload cannot be completed: it has ${plan.length} parts and ${why}.`, { parts: `Name each of the ${plan.length} parts once, with its ETag` });
  }
  const fileKey = { company_id: ctx.companyId, comparison_id: comparison.id, id: file.id };

  let stored: number;
  try {
    stored = await completeMultipartUpload(file.storage_key, uploadId, body.parts);
  } catch (error) {
    if (!isPartsRefusal(error)) throw error;
    logger.warn('multipart upload completion refused by storage', { file_id: file.id, code: error instanceof Error ? error.name : null });
    throw badRequest('Storage did not accept the uploaded parts (a part is missing, was cut short or its ETag does not match). Upload the file again.', {
      parts: 'Send the ETag storage answered for each part',
    });
  }
  if (stored !== size) {
    const message = `The uploaded file is ${stored.toLocaleString('en-US')} bytes, not the ${size.toLocaleString('en-US')} bytes declared (${sizeLabel(size)}), so it was not kept. Upload it again.`;
    await deleteObjects([file.storage_key]);
    await db().entities.file.patch(fileKey).set({ status: 'FAILED', error: message }).remove(['upload_id', 'part_size']).go({ response: 'none' });
    throw badRequest(message, { file: message });
  }
  const { data } = await db().entities.file.patch(fileKey).remove(['upload_id', 'part_size']).go({ response: 'all_new' });
  return fileView({ ...file, ...data });
}

/**
 * Cancel: drops the parts uploaded so far and the declared File, and the comparison no longer
 * names it, so nothing of the abandoned upload is left.
 */
export async function abortUpload(ctx: CompanyContext, comparisonId: string, fileId: string, uploadId: string): Promise<void> {
  const { comparison, file } = await loadUpload(ctx, comparisonId, fileId, uploadId);
  await abortMultipartUpload(file.storage_key, uploadId);
  await deleteObjects([file.storage_key]);
  const side = file.file_type === 'BASELINE' ? 'baseline_file_id' : 'secondary_file_id';
  if (comparison[side] === file.id) {
    await db()
      .entities.comparison.patch({ organization_id: ctx.organizationId, company_id: ctx.companyId, id: comparison.id })
      .set({ updated_by_user_id: ctx.caller.user.id })
      .remove([side])
      .go({ response: 'none' });
  }
  await db().entities.file.delete({ company_id: ctx.companyId, comparison_id: comparison.id, id: file.id }).go({ response: 'none' });
}
