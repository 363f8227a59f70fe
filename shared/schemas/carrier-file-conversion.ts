import { z } from 'zod';
import { SourceFileType } from '../files';
import { MAX_DATA_FILE_BYTES_DECLARED } from './limits';
import { id, instant, maybe } from './records';
import { declaredFileName, required } from './fields';

/**
 * Carrier file conversions (SPEC §2 convert-carrier-files, §9 source file types): a carrier's own
 * layout uploaded as it came, converted into the table a comparison reads, downloaded as .xlsx or
 * attached to a comparison as its SECONDARY file.
 */

/** The layouts that can be converted; the converted side is what a conversion produces. */
export const CONVERTIBLE_SOURCE_FILE_TYPES = ['GUARDIAN_ROW_BASED_ORIGINAL'] as const;

/** POST /api/companies/{company_id}/carrier_file_conversions: declares the upload of an original. */
export const conversionCreateSchema = z
  .object({
    name: declaredFileName(),
    size: z.number({ error: 'size must be the file size in bytes' }).int().min(0).max(MAX_DATA_FILE_BYTES_DECLARED),
    content_type: z.string().trim().max(255).optional(),
    source_file_type: z.enum(CONVERTIBLE_SOURCE_FILE_TYPES, {
      error: `source_file_type must be ${CONVERTIBLE_SOURCE_FILE_TYPES.join(' or ')} (${SourceFileType.label('GUARDIAN_ROW_BASED_ORIGINAL')})`,
    }),
  })
  .strict();
export type ConversionCreate = z.infer<typeof conversionCreateSchema>;

/** POST …/{conversion_id}/use: the comparison whose SECONDARY file the converted file becomes. */
export const conversionUseSchema = z.object({ comparison_id: required() }).strict();
export type ConversionUse = z.infer<typeof conversionUseSchema>;

export const conversionPreviewQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).optional() });

// ── Responses ────────────────────────────────────────────────────────────────────────────────────

export const UNPLACED_REASONS = ['NO_MEMBER_ABOVE', 'DEPENDENT_WITHOUT_EMPLOYEE', 'NOT_A_MEMBER_OR_COVERAGE'] as const;

export const conversionCountsResponse = z.strictObject({
  members: z.number(),
  employees: z.number(),
  dependents: z.number(),
  coverage_lines: z.number(),
  rows_read: z.number(),
  rows_written: z.number(),
  unplaced_rows: z.number(),
});

export const unplacedRowResponse = z.strictObject({
  row: z.number().describe('1-based row of the original, as a spreadsheet numbers it'),
  reason: z.enum(UNPLACED_REASONS),
  message: z.string(),
});

export const conversionResponse = z.strictObject({
  id: id(),
  company_id: id(),
  source_file_type: z.enum(CONVERTIBLE_SOURCE_FILE_TYPES),
  converted_file_type: z.literal('GUARDIAN_ROW_BASED_CONVERTED'),
  name: z.string(),
  size: z.number().nullable(),
  content_type: z.string().nullable(),
  status: z.enum(['UPLOADING', 'CONVERTING', 'CONVERTED', 'FAILED']),
  error: z.string().nullable(),
  converted_name: z.string().nullable(),
  worksheet_name: z.string().nullable(),
  header_row: z.number().nullable(),
  counts: conversionCountsResponse.nullable(),
  /** The first unplaced rows (at most 100); counts.unplaced_rows says how many there were. */
  unplaced: z.array(unplacedRowResponse),
  unplaced_by_reason: z.record(z.enum(UNPLACED_REASONS), z.number()).nullable(),
  ignored_columns: z.array(z.string()),
  used_in_comparison_ids: z.array(id()),
  created_by_user_id: id(),
  converted_at: maybe(instant()),
  created_at: instant(),
  updated_at: instant(),
});
export type ConversionResponse = z.infer<typeof conversionResponse>;

export const conversionUploadResponse = z.strictObject({
  conversion: conversionResponse,
  upload_url: z.string().describe('A presigned PUT, valid for a short while'),
  upload_headers: z.record(z.string(), z.string()).describe('Headers the PUT must carry'),
});

const previewTable = z.strictObject({
  columns: z.array(z.string()),
  rows: z.array(z.array(z.string())).describe('The first rows, SSNs and dates of birth masked'),
});

export const conversionPreviewResponse = z.strictObject({
  original: previewTable,
  /** null until converted. */
  converted: previewTable.nullable(),
});

export const conversionDownloadResponse = z.strictObject({ url: z.string(), expires_in_seconds: z.number(), name: z.string() });

/** The comparison's SECONDARY file made from the conversion, as far as it has been read. */
export const conversionUseResponse = z.strictObject({
  conversion: conversionResponse,
  comparison_id: id(),
  file: z.strictObject({
    id: id(),
    name: z.string(),
    file_type: z.literal('SECONDARY'),
    status: z.string().describe('PARSING while being read, then PARSED (or FAILED with error)'),
    error: z.string().nullable(),
    renamed: z.boolean(),
    source_file_type: z.literal('GUARDIAN_ROW_BASED_CONVERTED'),
    columns: z.array(z.string()),
    row_count: z.number().nullable(),
  }),
});
