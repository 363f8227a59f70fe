import { z } from 'zod';
import { errorResponseWith } from './errors';
import { IMPORT_KINDS } from '../imports';
import { REQUIRED } from '../messages';

/** The file of an import preview or commit: its name (the extension says how to read it) and its bytes, base64. */
export const importFileSchema = z
  .object({
    name: z.string({ error: REQUIRED }).trim().min(1, { error: REQUIRED }),
    content_base64: z.string({ error: REQUIRED }).min(1, { error: REQUIRED }),
  })
  .strict();
export type ImportFile = z.infer<typeof importFileSchema>;

// ── Responses ────────────────────────────────────────────────────────────────────────────────────

export const importProblemResponse = z.strictObject({
  /** The sheet row number (the header row is row 1 in a template). */
  row: z.number(),
  /** The column header, as in the file (or the template when the column is missing). */
  column: z.string(),
  message: z.string(),
  /** The carrier name the file gave that no active carrier of the platform's catalog has: a DMS Admin adds (or reactivates) it on /admin/carriers. */
  carrier_not_in_catalog: z.string().optional(),
});

/** A cell of a previewed row: the value as it will be written when the row is valid, the cell text when it is not. */
export const importCellValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** What a file would import: every row read and every problem found; nothing is written. */
export const importPreviewResponse = z.strictObject({
  kind: z.enum(IMPORT_KINDS),
  worksheet_name: z.string().nullable(),
  columns: z.array(z.string()),
  rows: z.array(z.strictObject({ row: z.number(), values: z.record(z.string(), importCellValue) })),
  problems: z.array(importProblemResponse),
});

/** A committed import: every row written, in one go. */
export const importCommitResponse = z.strictObject({ kind: z.enum(IMPORT_KINDS), created: z.number() });

/** The commit refused (400): the message, and every problem by row and column (absent when the request itself was invalid); nothing was written. */
export const importRefusedResponse = errorResponseWith({ problems: z.array(importProblemResponse).optional() });

/** A problem of an import file, by row and column. */
export type ImportProblem = z.infer<typeof importProblemResponse>;
export type ImportPreview = z.infer<typeof importPreviewResponse>;
export type ImportPreviewRow = ImportPreview['rows'][number];
