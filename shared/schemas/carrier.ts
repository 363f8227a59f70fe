import { z } from 'zod';
import { updateSchemaOf, required } from './fields';
import { id, instant, maybe } from './records';

/** Carrier (SPEC §3): the platform's list of insurance carriers, kept by the DMS admin. */
export const carrierCreateSchema = z
  .object({
    name: required(),
    inactive: z.boolean().optional(),
  })
  .strict();
export const carrierUpdateSchema = updateSchemaOf(carrierCreateSchema);

export type CarrierCreate = z.infer<typeof carrierCreateSchema>;
export type CarrierUpdate = z.infer<typeof carrierUpdateSchema>;

// ── Responses ────────────────────────────────────────────────────────────────────────────────────

/** A carrier of the platform list as stored. */
export const carrierResponse = z.strictObject({
  id: id(),
  name: z.string(),
  inactive: maybe(z.boolean()),
  updated_at: instant(),
});
