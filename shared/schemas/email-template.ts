/**
 * E-mail templates (SPEC §3 EmailTemplate; issue 6 "People and e-mail"): one per e-mail type at
 * company or organization level, overriding the platform's. `{{placeholders}}` of
 * shared/email-templates.ts EMAIL_PLACEHOLDERS are filled on send.
 */
import { z } from 'zod';
import { EmailType } from '../email-types';
import { required } from './fields';

export const MAX_EMAIL_SUBJECT = 255;
export const MAX_EMAIL_BODY = 20_000;

export const emailTypeParam = z.enum(EmailType.values as [EmailType, ...EmailType[]], {
  error: `email_type must be one of ${EmailType.values.join(', ')}`,
});

/** PUT …/email_templates/{email_type}: creates or replaces the level's template of that type. */
export const emailTemplatePutSchema = z
  .object({
    subject: required().pipe(z.string().max(MAX_EMAIL_SUBJECT, { error: `The subject must be at most ${MAX_EMAIL_SUBJECT} characters` })),
    body: required().pipe(z.string().max(MAX_EMAIL_BODY, { error: `The text must be at most ${MAX_EMAIL_BODY} characters` })),
    /** The version read when replacing an existing template (stale → 409); absent when creating. */
    updated_at: z.string().optional(),
  })
  .strict();
export type EmailTemplatePut = z.infer<typeof emailTemplatePutSchema>;
