import { z } from 'zod';
import { AuditType, ComparisonStep, ComparisonType } from '../comparisons';
import { FileType } from '../files';
import { MAX_DATA_FILE_BYTES_DECLARED } from './limits';
import { optionalId, optionalText, required, updatedAtField } from './fields';

/** POST /api/companies/{company_id}/comparisons (issue 5, step 1). The company comes from the path. */
export const comparisonCreateSchema = z
  .object({
    name: required(),
    type: ComparisonType.schema,
    audit_type: AuditType.schema,
    notes: optionalText(),
    company_carrier_id: optionalId(),
  })
  .strict();
export type ComparisonCreate = z.infer<typeof comparisonCreateSchema>;

/**
 * PATCH of a comparison: field edits, assignees and memos, and a move to another step (SPEC §4
 * rules; `override` is what lets VERIFY_DISCREPANCIES be reached). `updated_at` is the version read.
 */
export const comparisonUpdateSchema = z
  .object({
    name: required().optional(),
    notes: optionalText().optional(),
    audit_type: AuditType.schema.optional(),
    company_carrier_id: optionalId().optional(),
    auditor_user_id: optionalId().optional(),
    verifier_user_id: optionalId().optional(),
    auditor_memo: optionalText().optional(),
    verifier_memo: optionalText().optional(),
    step: ComparisonStep.schema.optional(),
    override: z.boolean().optional(),
    updated_at: updatedAtField(),
  })
  .strict();
export type ComparisonUpdate = z.infer<typeof comparisonUpdateSchema>;

/** POST …/comparisons/{comparison_id}/files: declares the upload; the answer carries the presigned URL. */
export const fileUploadSchema = z
  .object({
    file_type: FileType.schema,
    name: required().pipe(z.string().max(255, { error: 'The file name is too long (255 characters at most)' })),
    size: z.number({ error: 'size must be the file size in bytes' }).int().min(0).max(MAX_DATA_FILE_BYTES_DECLARED),
    content_type: z.string().trim().max(255).optional(),
  })
  .strict();
export type FileUpload = z.infer<typeof fileUploadSchema>;

/** POST …/files/{file_id}/parse: another worksheet, or the header row chosen by the user (0-based). */
export const fileParseSchema = z
  .object({
    worksheet_name: z.string().min(1).optional(),
    header_row_index: z.number().int().min(0).max(1_000_000).optional(),
  })
  .strict();
export type FileParse = z.infer<typeof fileParseSchema>;
