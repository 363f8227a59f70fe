import { z } from 'zod';
import { optionalTrimmedString, phoneSchema, requiredString } from './validation';

/**
 * What a user may change about themselves on /profile. The schema is strict: a body that carries
 * role, tenant ids or anything else is refused, so nobody can raise their own role or move tenant.
 */
export const profileUpdateSchema = z
  .object({
    first_name: requiredString(),
    last_name: requiredString(),
    phone: phoneSchema().nullish(),
    job_title: optionalTrimmedString(),
    updated_at: z.string().min(1),
  })
  .strict();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
