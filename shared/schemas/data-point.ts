import { z } from 'zod';
import { DATE_FORMATS, DISCREPANCY_FUNCTIONS } from '../compare';
import { lastUsedMappingResponse } from './data-mapping';
import { pageOf } from './paging';
import { id, instant } from './records';

const dateFormat = z.enum(DATE_FORMATS, { error: `Date format must be one of ${DATE_FORMATS.join(', ')}` });

/** One format for both columns, or one per side (UX: the date format is chosen per column). */
export const dataPointDateFormatSchema = z
  .union([dateFormat, z.object({ baseline: dateFormat.nullish(), secondary: dateFormat.nullish() }).strict()])
  .nullish()
  .transform((v) => v ?? null);

const columnName = (side: string) => z.string({ error: `Choose the ${side} column` }).min(1, { error: `Choose the ${side} column` });

/** One data point of PUT …/data_points (SPEC §3 DataPoint, step 4). */
export const dataPointInputSchema = z
  .object({
    baseline_column_name: columnName('baseline'),
    secondary_column_name: columnName('carrier'),
    is_unique_identifier: z.boolean().default(false),
    date_format: dataPointDateFormatSchema.optional(),
    discrepancy_function: z.enum(DISCREPANCY_FUNCTIONS).nullish(),
    data_mapping_id: z.string().min(1).nullish(),
    /** Numbers whose difference is at most this are equal (UX: optional numeric tolerance). */
    tolerance: z.number().nonnegative().nullish(),
  })
  .strict();
export type DataPointInput = z.infer<typeof dataPointInputSchema>;

export const dataPointsPutSchema = z
  .array(dataPointInputSchema, { error: 'Send the list of data points' })
  .min(1, { error: 'Choose at least one data point' })
  .max(500, { error: 'At most 500 data points' });

/** PATCH of one data point: its mapping, date format, calculation or tolerance. */
export const dataPointUpdateSchema = z
  .object({
    data_mapping_id: z.string().min(1).nullish(),
    date_format: dataPointDateFormatSchema.optional(),
    discrepancy_function: z.enum(DISCREPANCY_FUNCTIONS).nullish(),
    tolerance: z.number().nonnegative().nullish(),
    updated_at: z.string().min(1, { error: 'updated_at is required' }),
  })
  .strict();
export type DataPointUpdate = z.infer<typeof dataPointUpdateSchema>;

export const applyTemplateSchema = z.object({ template_id: z.string().min(1, { error: 'Choose a template' }) }).strict();

/** The name-like rule of SPEC §5, as the API and the page word it. */
export const NAME_COLUMNS_RULE =
  'A mapping set is valid only if both baseline and secondary columns include a name-like column: add a first name, last name or full name data point whose baseline and carrier columns are both name columns.';
export const UNIQUE_IDENTIFIER_RULE = 'Choose at least one data point as the unique identifier (for example SSN ↔ Member ID).';

// ── Responses ────────────────────────────────────────────────────────────────────────────────────

/** SPEC §3 DataPoint as the API answers it: a chosen pair of columns and how its values compare. */
export const dataPointResponse = z.strictObject({
  id: id(),
  comparison_id: id(),
  position: z.number().int().min(0).describe("The user's order of the data points"),
  baseline_column_name: z.string(),
  secondary_column_name: z.string(),
  is_unique_identifier: z.boolean(),
  data_mapping_id: z.string().nullable(),
  date_format: z.union([dateFormat, z.strictObject({ baseline: dateFormat.nullish(), secondary: dateFormat.nullish() })]).nullable(),
  discrepancy_function: z.enum(DISCREPANCY_FUNCTIONS).nullable(),
  tolerance: z.number().nullable(),
  updated_at: instant(),
});
export type DataPointResponse = z.infer<typeof dataPointResponse>;

/** Every data point of the comparison in a single page (`next` is null). */
export const dataPointPageResponse = pageOf(dataPointResponse);

/** Whether the chosen identifier is unique in one file; repeated values have SSN-shaped parts masked but their last four digits. */
const identifierSideCheck = z.strictObject({
  unique: z.boolean(),
  repeated_count: z.number().int().min(0),
  repeated: z.array(
    z.strictObject({
      unique_identifier: z.string().describe('The repeated identifier (parts joined by |), SSN-shaped parts masked but their last four digits'),
      count: z.number().int().min(0),
      row_numbers: z.array(z.number().int()),
    }),
  ),
  blank_count: z.number().int().min(0),
  blank_row_numbers: z.array(z.number().int()),
});
export const identifierCheckResponse = z.strictObject({ baseline: identifierSideCheck, secondary: identifierSideCheck });
export type IdentifierCheckResponse = z.infer<typeof identifierCheckResponse>;

/** PUT …/data_points: the set saved, the identifier's uniqueness on both files and the warnings it gives. */
export const savedDataPointsResponse = dataPointPageResponse.extend({
  identifier_check: identifierCheckResponse,
  warnings: z.array(z.string()),
});
export type SavedDataPointsResponse = z.infer<typeof savedDataPointsResponse>;

/** POST …/data_points/apply_template: as PUT, with the template's pairs whose columns are not in both files. */
export const appliedTemplateResponse = savedDataPointsResponse.extend({
  skipped: z.array(z.strictObject({ baseline_column_name: z.string(), secondary_column_name: z.string() })),
});
export type AppliedTemplateResponse = z.infer<typeof appliedTemplateResponse>;

const dateColumnResponse = z.strictObject({
  column_name: z.string(),
  date_format: dateFormat.nullable(),
  preview: z
    .array(z.strictObject({ value: z.string(), parsed: z.string().nullable() }))
    .describe('Three values as read and as parsed; a date of birth shows only its shape'),
});

/** GET …/data_points/suggestions: suggested pairs, the name-like columns, and each date column's detected format. */
export const dataPointSuggestionsResponse = z.strictObject({
  baseline_columns: z.array(z.string()),
  secondary_columns: z.array(z.string()),
  suggestions: z.array(
    z.strictObject({
      baseline_column_name: z.string(),
      secondary_column_name: z.string(),
      reason: z.enum(['exact name', 'known synonym', 'similar name']),
      confidence: z.number().min(0).max(1),
      suggested_unique_identifier: z.boolean(),
      name_like: z.boolean(),
      is_date: z.boolean(),
    }),
  ),
  name_like_columns: z.strictObject({ baseline: z.array(z.string()), secondary: z.array(z.string()) }),
  date_columns: z.strictObject({ baseline: z.array(dateColumnResponse), secondary: z.array(dateColumnResponse) }),
});
export type DataPointSuggestionsResponse = z.infer<typeof dataPointSuggestionsResponse>;

const valueCount = () => z.strictObject({ value: z.string(), count: z.number().int().min(0) });

/**
 * GET …/data_points/{id}/values: the distinct carrier values of the data point with their state
 * under its mapping, and the baseline's values to map them to. SSN-shaped values are never listed,
 * only counted (`hidden_ssn_like_count`).
 */
export const dataPointValuesResponse = z.strictObject({
  data_point_id: id(),
  baseline_column_name: z.string(),
  secondary_column_name: z.string(),
  data_mapping_id: z.string().nullable(),
  last_used_mapping: lastUsedMappingResponse.nullable(),
  values: z.array(
    z.strictObject({
      value: z.string(),
      count: z.number().int().min(0),
      status: z.enum(['mapped', 'matches', 'unmapped']),
      mapped_to: z.string().nullable(),
      suggested_target: z.string().nullable(),
      match: z.enum(['exact', 'case-insensitive', 'likely']).nullable(),
    }),
  ),
  blank_count: z.number().int().min(0),
  hidden_ssn_like_count: z.number().int().min(0),
  unmapped_count: z.number().int().min(0),
  truncated: z.boolean().describe('More distinct values than are listed'),
  baseline_values: z.array(valueCount()),
  baseline_truncated: z.boolean(),
});
export type DataPointValuesResponse = z.infer<typeof dataPointValuesResponse>;
