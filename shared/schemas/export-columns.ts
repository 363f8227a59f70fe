/**
 * Export columns of a comparison and export-column templates (SPEC §3 ExportColumn,
 * ExportColumnsTemplate, ExportColumnsTemplateColumn).
 */
import { z } from 'zod';
import { ExportFormattingRule, FileType } from '../files';
import { required, updatedAtField } from './fields';
import { pageOf } from './paging';
import { id, instant, maybe } from './records';

export const MAX_EXPORT_COLUMNS = 500;

const columnName = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .nullish()
    .transform((v) => (v ? v : null));

const indexField = () =>
  z
    .number({ error: 'index must be a whole number from 0' })
    .int({ error: 'index must be a whole number from 0' })
    .min(0, { error: 'index must be a whole number from 0' });

const renamedField = () =>
  z
    .string({ error: 'renamed_column_name must be text' })
    .trim()
    .max(255, { error: 'renamed_column_name must be at most 255 characters' })
    .nullish()
    .transform((v) => (v ? v : null));

const formattingRuleField = () =>
  z
    .enum(ExportFormattingRule.values as [ExportFormattingRule, ...ExportFormattingRule[]], {
      error: `formatting_rule must be one of ${ExportFormattingRule.values.join(', ')}`,
    })
    .nullish()
    .transform((v) => v ?? null);

/** One export column of a comparison: a column of the baseline or of the carrier file. */
export const exportColumnInputSchema = z
  .object({
    file_type: z.enum(FileType.values as [FileType, ...FileType[]], { error: `file_type must be one of ${FileType.values.join(', ')}` }),
    baseline_column_name: columnName('baseline_column_name'),
    secondary_column_name: columnName('secondary_column_name'),
    index: indexField(),
    renamed_column_name: renamedField(),
    formatting_rule: formattingRuleField(),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (c.file_type === 'BASELINE' && !c.baseline_column_name) {
      ctx.addIssue({ code: 'custom', path: ['baseline_column_name'], message: 'Choose the baseline column' });
    }
    if (c.file_type === 'SECONDARY' && !c.secondary_column_name) {
      ctx.addIssue({ code: 'custom', path: ['secondary_column_name'], message: 'Choose the carrier column' });
    }
  });

/** The header a column is written under. */
export function exportHeaderOf(c: {
  file_type?: FileType | null;
  baseline_column_name?: string | null;
  secondary_column_name?: string | null;
  renamed_column_name?: string | null;
}): string {
  if (c.renamed_column_name) return c.renamed_column_name;
  if (c.file_type === 'SECONDARY') return c.secondary_column_name ?? '';
  return c.baseline_column_name ?? c.secondary_column_name ?? '';
}

/** Index unique, header unique (case-insensitive) across a list. */
function refineColumnList<C extends { index: number }>(list: readonly C[], header: (c: C) => string, ctx: z.RefinementCtx, prefix: PropertyKey[] = []) {
  const indexes = new Set<number>();
  const headers = new Set<string>();
  list.forEach((c, i) => {
    if (indexes.has(c.index)) ctx.addIssue({ code: 'custom', path: [...prefix, i, 'index'], message: 'index must not repeat' });
    indexes.add(c.index);
    const h = header(c).trim().toLowerCase();
    if (h && headers.has(h)) {
      ctx.addIssue({ code: 'custom', path: [...prefix, i, 'renamed_column_name'], message: 'Two export columns would have the same name; rename one' });
    }
    headers.add(h);
  });
}

/** PUT …/comparisons/{id}/export_columns: the whole ordered list (empty = every baseline column). */
export const exportColumnsPutSchema = z
  .array(exportColumnInputSchema, { error: 'Send the list of export columns' })
  .max(MAX_EXPORT_COLUMNS, { error: `At most ${MAX_EXPORT_COLUMNS} export columns` })
  .superRefine((list, ctx) => refineColumnList(list, exportHeaderOf, ctx));
export type ExportColumnsPut = z.infer<typeof exportColumnsPutSchema>;

/**
 * SPEC §3 ExportColumnsTemplateColumn: no file type; the side is the one whose column is named
 * (at least one; when both are, the baseline's is used if the baseline file has it).
 */
export const exportColumnsTemplateColumnSchema = z
  .object({
    baseline_column_name: columnName('baseline_column_name'),
    secondary_column_name: columnName('secondary_column_name'),
    index: indexField(),
    renamed_column_name: renamedField(),
    formatting_rule: formattingRuleField(),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (!c.baseline_column_name && !c.secondary_column_name) {
      ctx.addIssue({ code: 'custom', path: ['baseline_column_name'], message: 'Choose a baseline or a carrier column' });
    }
  });

const templateColumns = () =>
  z
    .array(exportColumnsTemplateColumnSchema, { error: 'Send the list of columns' })
    .min(1, { error: 'A template needs at least one column' })
    .max(MAX_EXPORT_COLUMNS, { error: `At most ${MAX_EXPORT_COLUMNS} columns` })
    .superRefine((list, ctx) => refineColumnList(list, exportHeaderOf, ctx));

/** POST of an export columns template (company or organization level) with its columns. */
export const exportColumnsTemplateCreateSchema = z.object({ name: required(), columns: templateColumns() }).strict();
export type ExportColumnsTemplateCreate = z.infer<typeof exportColumnsTemplateCreateSchema>;

export const exportColumnsTemplateUpdateSchema = z
  .object({ name: required().optional(), columns: templateColumns().optional(), updated_at: updatedAtField() })
  .strict();

/**
 * Export request: `{kind}` (unknown kind → 400 naming `kind`). X12_834 is the enrollment as a
 * full-file 834 (maintenance 030): the merged data set of a merge comparison, else the baseline.
 */
export const EXPORT_KINDS = ['DISCREPANCIES', 'MERGED', 'X12_834'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const exportRequestSchema = z
  .object({ kind: z.enum(EXPORT_KINDS, { error: `kind must be one of ${EXPORT_KINDS.join(', ')}` }) })
  .strict();

// ── Responses ────────────────────────────────────────────────────────────────────────────────────

const fileTypeSchema = z.enum(FileType.values as [FileType, ...FileType[]]);
const formattingRuleSchema = z.enum(ExportFormattingRule.values as [ExportFormattingRule, ...ExportFormattingRule[]]);

/** SPEC §3 ExportColumn: a column the merged export writes, in `index` order. */
export const exportColumnResponse = z.strictObject({
  id: id(),
  comparison_id: id(),
  /** The file the column is taken from. */
  file_type: fileTypeSchema,
  baseline_column_name: z.string().nullable(),
  secondary_column_name: z.string().nullable(),
  index: z.number(),
  renamed_column_name: z.string().nullable(),
  formatting_rule: formattingRuleSchema.nullable(),
  updated_at: instant(),
});
export type ExportColumnResponse = z.infer<typeof exportColumnResponse>;

/**
 * GET/PUT …/export_columns: the configured columns (empty: every baseline column), the plan the
 * merged export will follow against the two files, and configured columns the files lack.
 */
export const exportColumnsResponse = z.strictObject({
  items: z.array(exportColumnResponse),
  next: z.null(),
  plan: z.array(
    z.strictObject({
      /** The header written (renamed, else the column's name; made unique). */
      header: z.string(),
      file_type: fileTypeSchema,
      column_name: z.string(),
      formatting_rule: formattingRuleSchema.nullable(),
    }),
  ),
  missing: z.array(z.strictObject({ index: z.number(), file_type: fileTypeSchema.nullable(), column_name: z.string() })),
});
export type ExportColumnsResponse = z.infer<typeof exportColumnsResponse>;

/** SPEC §3 ExportColumnsTemplateColumn as stored in its template. */
export const exportTemplateColumnResponse = z.strictObject({
  id: id(),
  baseline_column_name: z.string().nullable(),
  secondary_column_name: z.string().nullable(),
  index: z.number(),
  renamed_column_name: z.string().nullable(),
  formatting_rule: formattingRuleSchema.nullable(),
});
export type ExportTemplateColumnResponse = z.infer<typeof exportTemplateColumnResponse>;

/** SPEC §3 ExportColumnsTemplate, with its columns in index order. */
export const exportTemplateResponse = z.strictObject({
  id: id(),
  organization_id: id(),
  /** Set for a company's template, null for the organization's. */
  company_id: z.string().nullable(),
  level: z.enum(['COMPANY', 'ORGANIZATION']),
  name: z.string(),
  columns: z.array(exportTemplateColumnResponse),
  updated_by_user_id: maybe(z.string()),
  updated_at: instant(),
});
export type ExportTemplateResponse = z.infer<typeof exportTemplateResponse>;

/** Every template the level sees, by name, in a single page (`next` is null). */
export const exportTemplateListResponse = pageOf(exportTemplateResponse);

/** POST …/export: where to download the workbook (a presigned GET) and what it holds. */
export const exportResultResponse = z.strictObject({
  url: z.string().describe('A presigned GET of the .xlsx (or .834), valid for a short while'),
  kind: z.enum(EXPORT_KINDS),
  file_name: z.string(),
  counts: z.strictObject({
    discrepancies: z.number().int(),
    missing: z.number().int(),
    /** MERGED and X12_834: the rows written. */
    rows: z.number().int().optional(),
  }),
});
export type ExportResultResponse = z.infer<typeof exportResultResponse>;
