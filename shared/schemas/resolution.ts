/**
 * Request bodies of the verification steps: resolving a DataPointDiscrepancy and deciding
 * a MissingDiscrepancy, one at a time (PATCH …/{id}) or in bulk. `resolved_by_user_id` and
 * `resolved_date` are never accepted from the client (strict objects name them as refused): the
 * server sets them through shared/resolution.ts.
 *
 * Field errors carry the field in their path (fieldErrors() of functions/lib/http.ts keys on it),
 * and the enum message names the field too, so a bare message still says which one was wrong.
 */
import { z } from 'zod';
import { CreditStatus } from '../invoice/kinds';
import { DiscrepancyType } from '../discrepancies';
import { updatedAtField } from './fields';

/** Where the chosen value comes from: the baseline's, the carrier's, or one the user typed. */
export const RESOLVED_VALUE_SOURCES = ['BASELINE', 'SECONDARY', 'CUSTOM'] as const;
export type ResolvedValueSource = (typeof RESOLVED_VALUE_SOURCES)[number];

export const MAX_NOTES_LENGTH = 4000;
export const MAX_VALUE_LENGTH = 1000;
export const MAX_BULK_IDS = 500;
export const MAX_MERGES_PER_ROW = 500;

export const UNKNOWN_TYPE_MESSAGE = `resolved_discrepancy_type must be one of ${DiscrepancyType.values.join(', ')}`;
export const VALUE_FOR_IGNORED_MESSAGE = 'resolved_value cannot be set for an ignored row';
export const CUSTOM_VALUE_REQUIRED_MESSAGE = 'resolved_value is required when resolved_value_source is CUSTOM';
export const VALUE_WITHOUT_TYPE_MESSAGE = 'resolved_value cannot be set while the change clears resolved_discrepancy_type';
export const IGNORE_CONTRADICTS_TYPE_MESSAGE = 'resolved_ignore cannot be false when resolved_discrepancy_type is IGNORE';
export const MERGES_FOR_EXCLUDED_MESSAGE = 'merges apply only to an included row (resolved_inclusion true)';

/** A discrepancy type, or null to clear it (un-resolve). */
const discrepancyTypeField = () =>
  z.enum(DiscrepancyType.values as [DiscrepancyType, ...DiscrepancyType[]], { error: UNKNOWN_TYPE_MESSAGE }).nullable().optional();

/** Free text: trimmed, '' → null. */
const notesField = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(MAX_NOTES_LENGTH, { error: `${field} must be at most ${MAX_NOTES_LENGTH} characters` })
    .nullable()
    .transform((v) => (v ? v : null))
    .optional();

/** Whether the carrier was asked for the over-billed dollars of an invoice finding, and paid them. */
const creditStatusField = () =>
  z.enum(CreditStatus.values as [CreditStatus, ...CreditStatus[]], { error: `credit_status must be one of ${CreditStatus.values.join(', ')}` }).optional();

const flagField = (field: string) => z.boolean({ error: `${field} must be true or false` }).optional();

/** The fields a resolution change may carry (PATCH body without `updated_at`, bulk `changes`). */
const resolutionChangeShape = {
  resolved_discrepancy_type: discrepancyTypeField(),
  /** Kept as typed (not trimmed): a value is data, and ' 12' vs '12' may be the point. */
  resolved_value: z
    .string({ error: 'resolved_value must be text or null' })
    .max(MAX_VALUE_LENGTH, { error: `resolved_value must be at most ${MAX_VALUE_LENGTH} characters` })
    .nullable()
    .optional(),
  resolved_value_source: z
    .enum(RESOLVED_VALUE_SOURCES, { error: `resolved_value_source must be one of ${RESOLVED_VALUE_SOURCES.join(', ')}` })
    .optional(),
  resolved_notes: notesField('resolved_notes'),
  resolved_verifier_notes: notesField('resolved_verifier_notes'),
  resolved_ignore: flagField('resolved_ignore'),
  skip_verification: flagField('skip_verification'),
  credit_status: creditStatusField(),
};

interface ResolutionFieldsForCheck {
  resolved_discrepancy_type?: DiscrepancyType | null;
  resolved_value?: string | null;
  resolved_value_source?: ResolvedValueSource;
  resolved_ignore?: boolean;
}

/** The contradictions a change can carry on its own (the record's state is checked in shared/resolution.ts). */
function refineResolutionChange(change: ResolutionFieldsForCheck, ctx: z.RefinementCtx, prefix: (string | number)[] = []): void {
  const ignoring = change.resolved_ignore === true || change.resolved_discrepancy_type === 'IGNORE';
  const bringsValue =
    (change.resolved_value !== undefined && change.resolved_value !== null) ||
    change.resolved_value_source === 'BASELINE' ||
    change.resolved_value_source === 'SECONDARY';
  if (ignoring && bringsValue) {
    const field = change.resolved_value !== undefined && change.resolved_value !== null ? 'resolved_value' : 'resolved_value_source';
    ctx.addIssue({ code: 'custom', path: [...prefix, field], message: VALUE_FOR_IGNORED_MESSAGE });
  }
  if (change.resolved_discrepancy_type === 'IGNORE' && change.resolved_ignore === false) {
    ctx.addIssue({ code: 'custom', path: [...prefix, 'resolved_ignore'], message: IGNORE_CONTRADICTS_TYPE_MESSAGE });
  }
  if (change.resolved_value_source === 'CUSTOM' && (change.resolved_value === undefined || change.resolved_value === null)) {
    ctx.addIssue({ code: 'custom', path: [...prefix, 'resolved_value'], message: CUSTOM_VALUE_REQUIRED_MESSAGE });
  }
  if (change.resolved_discrepancy_type === null && (bringsValue || change.resolved_ignore === true)) {
    ctx.addIssue({
      code: 'custom',
      path: [...prefix, bringsValue ? 'resolved_value' : 'resolved_ignore'],
      message: VALUE_WITHOUT_TYPE_MESSAGE,
    });
  }
}

const resolutionChangeObject = z.object(resolutionChangeShape).strict();

/** `changes` of the bulk form, and the body of PATCH without its `updated_at`. */
export const discrepancyResolutionChangeSchema = resolutionChangeObject.superRefine((c, ctx) => refineResolutionChange(c, ctx));
export type DiscrepancyResolutionChange = z.infer<typeof discrepancyResolutionChangeSchema>;

/** PATCH …/data_point_discrepancies/{id}. */
export const discrepancyResolutionSchema = resolutionChangeObject
  .extend({ updated_at: updatedAtField() })
  .strict()
  .superRefine((c, ctx) => refineResolutionChange(c, ctx));

const idsField = () =>
  z
    .array(z.string().min(1, { error: 'ids must not contain empty ids' }), { error: 'ids must be a list of ids' })
    .min(1, { error: 'ids must name at least one row' })
    .max(MAX_BULK_IDS, { error: `ids must name at most ${MAX_BULK_IDS} rows` })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'ids must not repeat an id' });

/** `expected` must give the `updated_at` read for every id, and only for those ids. */
function refineExpected(body: { ids: string[]; expected: Record<string, string> }, ctx: z.RefinementCtx): void {
  const ids = new Set(body.ids);
  for (const id of body.ids) {
    if (!Object.prototype.hasOwnProperty.call(body.expected, id)) {
      ctx.addIssue({ code: 'custom', path: ['expected', id], message: 'expected must give the updated_at read for every id' });
    }
  }
  for (const key of Object.keys(body.expected)) {
    if (!ids.has(key)) ctx.addIssue({ code: 'custom', path: ['expected', key], message: 'expected names an id not in ids' });
  }
}

const expectedField = () =>
  z.record(z.string(), z.string().min(1, { error: 'updated_at is required' }), { error: 'expected must map each id to its updated_at' });

function refineNotEmpty(changes: Record<string, unknown>, ctx: z.RefinementCtx): void {
  if (!Object.values(changes).some((v) => v !== undefined)) {
    ctx.addIssue({ code: 'custom', path: ['changes'], message: 'changes must change at least one field' });
  }
}

/** PATCH …/data_point_discrepancies (bulk): one change applied to many rows, each with its own version. */
export const discrepancyBulkResolutionSchema = z
  .object({ ids: idsField(), changes: resolutionChangeObject, expected: expectedField() })
  .strict()
  .superRefine((body, ctx) => {
    refineResolutionChange(body.changes, ctx, ['changes']);
    refineNotEmpty(body.changes, ctx);
    refineExpected(body, ctx);
  });
export type DiscrepancyBulkResolution = z.infer<typeof discrepancyBulkResolutionSchema>;

// ---------------------------------------------------------------------------------------------
// MissingDiscrepancy

/** One value to merge for an included missing row (MissingDiscrepancyMerge). */
export const missingMergeInputSchema = z
  .object({
    data_point_id: z.string({ error: 'data_point_id is required' }).min(1, { error: 'data_point_id is required' }),
    merge_value: z
      .string({ error: 'merge_value must be text or null' })
      .max(MAX_VALUE_LENGTH, { error: `merge_value must be at most ${MAX_VALUE_LENGTH} characters` })
      .nullable(),
  })
  .strict();
export type MissingMergeInput = z.infer<typeof missingMergeInputSchema>;

const missingChangeShape = {
  /** true include, false exclude, null undecided again. */
  resolved_inclusion: z.boolean({ error: 'resolved_inclusion must be true, false or null' }).nullable().optional(),
  resolved_discrepancy_type: discrepancyTypeField(),
  resolved_notes: notesField('resolved_notes'),
  resolved_verifier_notes: notesField('resolved_verifier_notes'),
  credit_status: creditStatusField(),
};

function refineMerges(
  body: { resolved_inclusion?: boolean | null; merges?: MissingMergeInput[] },
  ctx: z.RefinementCtx,
): void {
  if (!body.merges) return;
  if (body.merges.length > 0 && body.resolved_inclusion === false) {
    ctx.addIssue({ code: 'custom', path: ['merges'], message: MERGES_FOR_EXCLUDED_MESSAGE });
  }
  const seen = new Set<string>();
  body.merges.forEach((m, i) => {
    if (seen.has(m.data_point_id)) {
      ctx.addIssue({ code: 'custom', path: ['merges', i, 'data_point_id'], message: 'merges must name each data point once' });
    }
    seen.add(m.data_point_id);
  });
}

const mergesField = () =>
  z
    .array(missingMergeInputSchema, { error: 'merges must be a list' })
    .max(MAX_MERGES_PER_ROW, { error: `merges must have at most ${MAX_MERGES_PER_ROW} entries` })
    .optional();

/** PATCH …/missing_discrepancies/{id}. `merges`, when sent, replaces the row's merge values. */
export const missingResolutionSchema = z
  .object({ ...missingChangeShape, merges: mergesField(), updated_at: updatedAtField() })
  .strict()
  .superRefine(refineMerges);

export const missingResolutionChangeSchema = z.object({ ...missingChangeShape, merges: mergesField() }).strict().superRefine(refineMerges);
export type MissingResolutionChange = z.infer<typeof missingResolutionChangeSchema>;

/** Bulk decisions of missing rows; merge values are per row, so not part of the bulk form. */
export const missingBulkResolutionSchema = z
  .object({ ids: idsField(), changes: z.object(missingChangeShape).strict(), expected: expectedField() })
  .strict()
  .superRefine((body, ctx) => {
    refineNotEmpty(body.changes, ctx);
    refineExpected(body, ctx);
  });

// ---------------------------------------------------------------------------------------------
// The verifier's review

/** POST …/data_point_discrepancies/{id}/approve and …/send_back: the version read, and optionally the verifier's note. */
export const reviewSchema = z
  .object({
    updated_at: updatedAtField(),
    resolved_verifier_notes: z
      .string({ error: 'resolved_verifier_notes must be text' })
      .trim()
      .max(MAX_NOTES_LENGTH, { error: `resolved_verifier_notes must be at most ${MAX_NOTES_LENGTH} characters` })
      .nullable()
      .optional(),
  })
  .strict();
