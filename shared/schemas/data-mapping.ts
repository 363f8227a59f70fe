import { z } from 'zod';
import { required, updatedAtField } from './fields';

export const MAX_MAPPING_FIELDS = 5000;

/** One value translation: a carrier (secondary) value → the baseline's value (SPEC §3 DataMappingField). */
export const dataMappingFieldSchema = z
  .object({
    id: z.string().optional(),
    source: z.string({ error: 'source is required' }).trim().min(1, { error: 'source is required' }).max(1000),
    target: z.string({ error: 'target is required' }).trim().max(1000),
  })
  .strict();

const fields = z
  .array(dataMappingFieldSchema)
  .max(MAX_MAPPING_FIELDS, { error: `A mapping holds at most ${MAX_MAPPING_FIELDS} values` })
  .superRefine((list, ctx) => {
    const seen = new Map<string, number>();
    list.forEach((f, i) => {
      const key = f.source.trim().toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'source'], message: `"${f.source}" is mapped twice` });
      else seen.set(key, i);
    });
  });

/** POST of a data mapping at company, organization or admin level: `{ name, fields: [{ source, target }] }`. */
export const dataMappingCreateSchema = z.object({ name: required(), fields: fields.default([]) }).strict();
export type DataMappingCreate = z.infer<typeof dataMappingCreateSchema>;

export const dataMappingUpdateSchema = z
  .object({ name: required().optional(), fields: fields.optional(), inactive: z.boolean().optional(), updated_at: updatedAtField() })
  .strict();
export type DataMappingUpdate = z.infer<typeof dataMappingUpdateSchema>;

/** POST /api/admin/data_mappings/{id}/whitelist: shares an admin mapping with an organization. */
export const dataMappingWhitelistCreateSchema = z.object({ organization_id: required() }).strict();
