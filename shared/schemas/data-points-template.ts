import { z } from 'zod';
import { required, updatedAtField } from './fields';

/** SPEC §3 DataPointsTemplateColumn. */
export const dataPointsTemplateColumnSchema = z
  .object({
    baseline_column_name: z.string().trim().min(1, { error: 'Choose the baseline column' }),
    secondary_column_name: z.string().trim().min(1, { error: 'Choose the carrier column' }),
    is_unique_identifier: z.boolean().default(false),
  })
  .strict();

const columns = z.array(dataPointsTemplateColumnSchema).min(1, { error: 'A template needs at least one data point' }).max(500);

export const dataPointsTemplateCreateSchema = z.object({ name: required(), columns }).strict();
export type DataPointsTemplateCreate = z.infer<typeof dataPointsTemplateCreateSchema>;

export const dataPointsTemplateUpdateSchema = z
  .object({ name: required().optional(), columns: columns.optional(), updated_at: updatedAtField() })
  .strict();
export type DataPointsTemplateUpdate = z.infer<typeof dataPointsTemplateUpdateSchema>;
