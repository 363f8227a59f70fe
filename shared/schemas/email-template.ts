/**
 * E-mail templates (SPEC §3 EmailTemplate): one per e-mail type at
 * company or organization level, overriding the platform's. `{{placeholders}}` of
 * shared/email-templates.ts EMAIL_PLACEHOLDERS are filled on send.
 */
import { z } from 'zod';
import { EmailType } from '../email-types';
import { required } from './fields';
import { pageOf } from './paging';

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

// ── Responses ────────────────────────────────────────────────────────────────────────────────────

/** Where the text a send would use at a level comes from. */
export const EMAIL_TEMPLATE_SOURCES = ['COMPANY', 'ORGANIZATION', 'PLATFORM', 'DEFAULT'] as const;

/** One e-mail type at a level: the text a send would use there and where it comes from. */
export const emailTemplateResponse = z.strictObject({
  /** The level's own template, null when the text comes from the level above or the default. */
  id: z.string().nullable(),
  email_type: EmailType.schema,
  label: z.string(),
  subject: z.string(),
  body: z.string(),
  source: z.enum(EMAIL_TEMPLATE_SOURCES),
  /** True when this level has its own template (it can be reset). */
  customized: z.boolean(),
  /** The `{{placeholders}}` a send fills for this type. */
  placeholders: z.array(z.string()),
  updated_at: z.string().nullable(),
  updated_by_user_id: z.string().nullable(),
});
export type EmailTemplateResponse = z.infer<typeof emailTemplateResponse>;

/** Every e-mail type, in a single page (`next` is null). */
export const emailTemplateListResponse = pageOf(emailTemplateResponse);

/** At organization and company level, also whether the organization's plan lets them have their own texts. */
export const levelEmailTemplateListResponse = emailTemplateListResponse.extend({ plan_supports_templates: z.boolean() });
