import { z } from 'zod';
import { required, updatedAtField } from './fields';
import { pageOf } from './paging';
import { id, instant, maybe } from './records';

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

/** SPEC §3 DataPointsTemplate as the API answers it; company_id is null for the organization's own. */
export const dataPointsTemplateResponse = z.strictObject({
  id: id(),
  organization_id: id(),
  company_id: z.string().nullable(),
  level: z.enum(['COMPANY', 'ORGANIZATION']),
  name: z.string(),
  columns: z.array(
    z.strictObject({ id: id(), baseline_column_name: z.string(), secondary_column_name: z.string(), is_unique_identifier: z.boolean() }),
  ),
  updated_by_user_id: maybe(z.string()),
  updated_at: instant(),
});
export type DataPointsTemplateResponse = z.infer<typeof dataPointsTemplateResponse>;
/** The templates a level sees, by name, in a single page (`next` is null). */
export const dataPointsTemplatePageResponse = pageOf(dataPointsTemplateResponse);
