import { z } from 'zod';
import { updateSchemaOf, required } from './fields';

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
