import { z } from 'zod';
import { DATE_FORMATS, DISCREPANCY_FUNCTIONS } from '../compare';

const dateFormat = z.enum(DATE_FORMATS, { error: `Date format must be one of ${DATE_FORMATS.join(', ')}` });

/** One format for both columns, or one per side (UX: the date format is chosen per column). */
export const dataPointDateFormatSchema = z
  .union([dateFormat, z.object({ baseline: dateFormat.nullish(), secondary: dateFormat.nullish() }).strict()])
  .nullish()
  .transform((v) => v ?? null);

const columnName = (side: string) => z.string({ error: `Choose the ${side} column` }).min(1, { error: `Choose the ${side} column` });

/** One data point of PUT …/data_points (SPEC §3 DataPoint, issue 5 step 4). */
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
export type DataPointsPut = z.infer<typeof dataPointsPutSchema>;

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
