import { z } from 'zod';
import { AuditType, ComparisonStep, ComparisonType } from '../comparisons';
import { FileType } from '../files';
import { MAX_DATA_FILE_BYTES_DECLARED } from './limits';
import { declaredFileName, optionalId, optionalText, required, updatedAtField } from './fields';
import { id, instant, maybe } from './records';
import { pageOf } from './paging';
import { invoiceDetailsFields, invoiceTotalsResponse } from './invoice';
import { changesSummaryResponse } from './changes-since';
import { multipartUploadResponse } from './multipart-upload';
import { matchSettingsFields } from './match-candidate';

/**
 * A comparison and its two files: what the set-up takes (create, edit, upload, read a file) and
 * what the API answers of them. A file is never answered with its storage keys, and a preview of
 * its rows has SSNs and dates of birth masked (shared/mask.ts).
 */

/** `?limit=&cursor=` of the comparison lists, newest first; an organization's list may keep to one company. */
export const MAX_COMPARISON_PAGE = 500;
const limitMessage = `limit must be between 1 and ${MAX_COMPARISON_PAGE}`;
export const comparisonListQuery = z
  .object({
    limit: z.coerce.number({ error: limitMessage }).int().min(1, { error: limitMessage }).max(MAX_COMPARISON_PAGE, { error: limitMessage }).optional(),
    cursor: z.string().min(1).optional(),
    company_id: z.string().min(1).optional(),
  })
  .strict();
export type ComparisonListQuery = z.infer<typeof comparisonListQuery>;

/** POST /api/companies/{company_id}/comparisons (step 1). The company comes from the path. */
export const comparisonCreateSchema = z
  .object({
    name: required(),
    type: ComparisonType.schema,
    audit_type: AuditType.schema,
    notes: optionalText(),
    company_carrier_id: optionalId(),
    ...invoiceDetailsFields,
    ...matchSettingsFields,
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
    ...invoiceDetailsFields,
    ...matchSettingsFields,
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
    name: declaredFileName(),
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

// ── The comparison as the API answers it ─────────────────────────────────────────────────────────

const count = () => z.number().int().min(0);
const fileRef = () => z.strictObject({ id: id(), name: z.string() });

/** Stages of a run, in order, as the Compare page shows them. */
export const RUN_STAGES = ['loading', 'matching', 'comparing', 'saving'] as const;

/** How far the run under way has got; rewritten every few seconds and on each stage change. */
export const runProgressResponse = z.strictObject({
  stage: z.enum(RUN_STAGES),
  processed: z.number(),
  total: z.number().nullable(),
  stage_started_at: instant().optional(),
  updated_at: instant().optional(),
});

/** The counts of the last successful run, and what it compared (no values). */
export const runSummaryResponse = z.strictObject({
  run_id: id(),
  finished_at: instant(),
  baseline_rows: count(),
  secondary_rows: count(),
  matched_rows: count(),
  missing_in_secondary: count(),
  missing_in_baseline: count(),
  duplicates_in_baseline: count(),
  duplicates_in_secondary: count(),
  blank_identifier_baseline: count(),
  blank_identifier_secondary: count(),
  discrepancies: count(),
  /** Missing and duplicate rows together. */
  missing: count(),
  discrepancies_by_data_point: z.record(z.string(), count()),
  /** Keyed by suggested type, UNCLASSIFIED when none could be told. */
  discrepancies_by_type: z.record(z.string(), count()),
  /** The data points as the run read them (their column names then, for the report after they change). */
  data_points: z.array(
    z.strictObject({
      id: id(),
      value_kind: z.enum(['ssn', 'date', 'number', 'text']),
      baseline_date_format: z.string().nullable(),
      secondary_date_format: z.string().nullable(),
      baseline_column_name: z.string().optional(),
      secondary_column_name: z.string().optional(),
    }),
  ),
  baseline_file: fileRef(),
  secondary_file: fileRef(),
  timings_ms: z.strictObject({ compare: z.number(), save: z.number() }),
  /** An invoice reconciliation's dollars. */
  invoice: invoiceTotalsResponse.optional(),
  /** Against the previous comparison of the company carrier; absent on runs saved before it was kept. */
  changes_since_previous: changesSummaryResponse.optional(),
});

/** SPEC §3 Comparison as stored, without the pipeline's execution handle. */
const comparisonFields = {
  id: id(),
  organization_id: id(),
  company_id: id(),
  name: z.string(),
  type: z.string().describe('COMPARE, COMPARE_MERGE or MERGE_ONLY'),
  audit_type: z.string(),
  notes: maybe(z.string()),
  company_carrier_id: maybe(z.string()),
  invoice_number: maybe(z.string()).describe('Invoice reconciliations: entered, or read from the file by the run'),
  billing_period: maybe(z.string()),
  invoice_date: maybe(z.string()),
  step: z.string(),
  match_by: maybe(z.string()).describe('IDENTIFIER (the default) or PERSON: rows paired by name and date of birth (docs/compare.md)'),
  match_threshold: maybe(z.number()).describe('Person matching: pairs at or above this confidence join without confirmation; 90 when unset'),
  status: maybe(z.string()).describe(
    'RUNNING, SUCCEEDED, FAILED (with status_reason) or AWAITING_MATCH_CONFIRMATION (matching by person: proposed pairs wait under Confirm matches, not a failure); absent before the first run',
  ),
  status_reason: maybe(z.string()),
  match_candidates_waiting: maybe(z.number().int().min(0)).describe('AWAITING_MATCH_CONFIRMATION: how many proposed pairs are still undecided'),
  progress: maybe(runProgressResponse),
  summary: maybe(runSummaryResponse),
  baseline_file_id: maybe(z.string()),
  secondary_file_id: maybe(z.string()),
  auditor_user_id: maybe(z.string()),
  verifier_user_id: maybe(z.string()),
  auditor_memo: maybe(z.string()),
  verifier_memo: maybe(z.string()),
  completed_at: maybe(instant()),
  completed_by_user_id: maybe(z.string()),
  completion_override: maybe(z.boolean()),
  completion_note: maybe(z.string()),
  created_at: instant(),
  created_by_user_id: maybe(z.string()),
  updated_by_user_id: maybe(z.string()),
  updated_at: instant(),
};

/** A comparison in a list: the record without its files. */
export const comparisonResponse = z.strictObject(comparisonFields);
export type ComparisonResponse = z.infer<typeof comparisonResponse>;

/** A comparison in an organization's list names its company. */
export const organizationComparisonResponse = comparisonResponse.extend({ company_name: z.string().nullable() });

export const comparisonPageResponse = pageOf(comparisonResponse);
export const organizationComparisonPageResponse = pageOf(organizationComparisonResponse);

/** POST …/run: the comparison with its run claimed (status RUNNING, the new run_id, progress at loading). */
export const comparisonRunResponse = z.strictObject({ ...comparisonFields, run_id: maybe(z.string()) });

/** An uploaded file of a comparison as the API shows it: never its storage keys. */
export const comparisonFileResponse = z.strictObject({
  id: id(),
  comparison_id: id(),
  company_id: id(),
  file_type: z.string().describe('BASELINE or SECONDARY'),
  name: z.string(),
  renamed: z.boolean(),
  size: z.number().nullable(),
  content_type: z.string().nullable(),
  status: z.string().describe('UPLOADING, PARSING, PARSED or FAILED'),
  error: z.string().nullable(),
  /** While PARSING: rows read so far and, for a CSV, a percentage of its bytes. */
  progress: z.strictObject({ rows_read: z.number(), percent: z.number().nullable() }).nullable(),
  worksheet_name: z.string().nullable(),
  worksheets: z.array(z.string()),
  header_row_index: z.number().nullable(),
  columns: z.array(z.string()),
  row_count: z.number().nullable(),
  filled_counts: z
    .array(z.number().int().nonnegative())
    .nullable()
    .describe("Per column, in the order of `columns`: the rows whose cell is not blank, over the whole file (0: the column is empty). Null for a file read before they were counted"),
  source_file_type: z.string().nullable(),
  created_at: instant(),
  updated_at: instant(),
});

export type ComparisonFileResponse = z.infer<typeof comparisonFileResponse>;

/** The first rows of a parsed file, SSNs and dates of birth masked: for recognising the columns, not the people. */
const previewRows = () => z.array(z.array(z.string())).describe('The first rows of the file, SSNs and dates of birth masked');

/** POST …/files/{file_id}/parse: the File; once read within the wait (200), with a preview of its first rows. */
export const parsedFileResponse = comparisonFileResponse.extend({ preview: previewRows().optional() });
export type ParsedFileResponse = z.infer<typeof parsedFileResponse>;

/**
 * POST …/files: the File declared (UPLOADING) and where its bytes go: one presigned PUT
 * (`upload_url`), or, above the multipart threshold, parts (`multipart`, with `upload_url` null).
 */
export const fileUploadResponse = z.strictObject({
  file: comparisonFileResponse,
  upload_url: z.string().nullable().describe('A presigned PUT of the whole file, bound to its declared length and valid for a short while; null when it goes up in parts'),
  upload_headers: z.record(z.string(), z.string()).describe('Headers the PUT (or each part) must carry'),
  multipart: multipartUploadResponse.nullable().describe('The parts plan when the file is above the multipart threshold'),
});
export type FileUploadResponse = z.infer<typeof fileUploadResponse>;

/** GET …/files/{file_id}/rows: the first parsed rows, never the whole file. */
export const fileRowsResponse = z.strictObject({ file_id: id(), columns: z.array(z.string()), rows: previewRows() });
export type FileRowsResponse = z.infer<typeof fileRowsResponse>;

/** The comparison with its two files (null until uploaded), as a read of the comparison shows it. */
export const comparisonWithFilesResponse = z.strictObject({
  ...comparisonFields,
  baseline_file: comparisonFileResponse.nullable(),
  secondary_file: comparisonFileResponse.nullable(),
});
export type ComparisonWithFilesResponse = z.infer<typeof comparisonWithFilesResponse>;
