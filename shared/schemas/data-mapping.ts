import { z } from 'zod';
import { required, updatedAtField } from './fields';
import { pageOf } from './paging';
import { id, instant, maybe } from './records';

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

// ── Responses ────────────────────────────────────────────────────────────────────────────────────

export const MAPPING_LEVELS = ['COMPANY', 'ORGANIZATION', 'ADMIN'] as const;
export type MappingLevel = (typeof MAPPING_LEVELS)[number];

/** A DataMappingsAdminWhitelist row: an admin mapping shared with one organization. */
export const dataMappingWhitelistResponse = z.strictObject({
  id: id(),
  data_mapping_id: id(),
  organization_id: id(),
  created_by_user_id: maybe(z.string()),
  updated_at: instant(),
});
export const dataMappingWhitelistPageResponse = pageOf(dataMappingWhitelistResponse);

/** SPEC §3 DataMapping with its fields; organization_id is null for an admin mapping, company_id for any but a company's. */
export const dataMappingResponse = z.strictObject({
  id: id(),
  name: z.string(),
  level: z.enum(MAPPING_LEVELS),
  organization_id: z.string().nullable(),
  company_id: z.string().nullable(),
  fields: z.array(z.strictObject({ id: id(), source: z.string(), target: z.string(), updated_at: maybe(instant()) })),
  inactive: maybe(z.boolean()),
  updated_by_user_id: maybe(z.string()),
  updated_at: instant(),
});
export type DataMappingResponse = z.infer<typeof dataMappingResponse>;
/** The mappings a level sees, by name, in a single page (`next` is null). */
export const dataMappingPageResponse = pageOf(dataMappingResponse);

/** An admin mapping as the admin reads it: with the organizations it is shared with. */
export const adminDataMappingResponse = dataMappingResponse.extend({ whitelist: z.array(dataMappingWhitelistResponse) });
export type AdminDataMappingResponse = z.infer<typeof adminDataMappingResponse>;
export const adminDataMappingPageResponse = pageOf(adminDataMappingResponse);

/** UX "Map data": the mapping another comparison of the same carrier linked to this carrier column. */
export const lastUsedMappingResponse = z.strictObject({
  id: id(),
  name: z.string(),
  level: z.enum(MAPPING_LEVELS),
  comparison_id: id(),
  comparison_name: z.string(),
  used_at: instant(),
});
export type LastUsedMappingResponse = z.infer<typeof lastUsedMappingResponse>;
