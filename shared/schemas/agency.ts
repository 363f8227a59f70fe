import { z } from 'zod';
import { optionalText, updateSchemaOf, required } from './fields';
import { id, instant, maybe } from './records';

/** Agency (SPEC §3): created and edited by the DMS admin on /admin/agencies. */
export const agencyCreateSchema = z
  .object({
    name: required(),
    notes: optionalText(),
    inactive: z.boolean().optional(),
  })
  .strict();
export const agencyUpdateSchema = updateSchemaOf(agencyCreateSchema);

export type AgencyCreate = z.infer<typeof agencyCreateSchema>;
export type AgencyUpdate = z.infer<typeof agencyUpdateSchema>;

// ── Responses ────────────────────────────────────────────────────────────────────────────────────

/** An agency as stored. */
export const agencyResponse = z.strictObject({
  id: id(),
  name: z.string(),
  notes: maybe(z.string()),
  inactive: maybe(z.boolean()),
  updated_at: instant(),
});
