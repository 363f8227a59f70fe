import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { defaultEmailTemplate, renderTemplate, type EmailTemplateText } from '../../shared/email-templates';
import type { EmailType } from '../../shared/email-types';
import { maskSsnsInText } from '../../shared/mask';
import { ses } from './aws';
import { config } from './config';
import { emailTemplateSlot } from './db/email-template';
import { db } from './db/service';
import { suppressedAmong } from './email-suppression';
import { logger } from './observability/logger';

/**
 * Sending one notification e-mail. The template is chosen by `templateFor`: the company's
 * EmailTemplate of that type, else the organization's, else the platform's stored one, else the
 * built-in default text (shared/email-templates.ts).
 */
export interface EmailScope {
  organization_id?: string | null;
  company_id?: string | null;
}

export type TemplateSource = 'COMPANY' | 'ORGANIZATION' | 'PLATFORM' | 'DEFAULT';

/** The template a send of `type` in `scope` uses, and where it came from. */
export async function resolveTemplate(type: EmailType, scope: EmailScope = {}): Promise<EmailTemplateText & { source: TemplateSource }> {
  const { entities } = db();
  if (scope.organization_id) {
    const slots: Array<[string, TemplateSource]> = [];
    if (scope.company_id) slots.push([emailTemplateSlot(scope.company_id, type), 'COMPANY']);
    slots.push([emailTemplateSlot(null, type), 'ORGANIZATION']);
    for (const [slot, source] of slots) {
      const { data } = await entities.emailTemplate.get({ organization_id: scope.organization_id, slot }).go();
      if (data) return { subject: data.subject, body: data.body, source };
    }
  }
  const { data } = await entities.platformEmailTemplate.get({ email_type: type }).go();
  if (data) return { subject: data.subject, body: data.body, source: 'PLATFORM' };
  return { ...defaultEmailTemplate(type), source: 'DEFAULT' };
}

export async function templateFor(type: EmailType, scope: EmailScope = {}): Promise<EmailTemplateText> {
  const { subject, body } = await resolveTemplate(type, scope);
  return { subject, body };
}

export interface SendEmailInput {
  type: EmailType;
  to: string[];
  values: Record<string, string | number | null | undefined>;
  scope?: EmailScope;
}

/**
 * Values as an e-mail may carry them: text typed by people (a memo, a completion note, a name) may
 * hold an SSN, and an e-mail leaves the platform, so every SSN-shaped number is hidden. Links are
 * left whole.
 */
function withoutSsns(values: SendEmailInput['values']): SendEmailInput['values'] {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === 'string' && !name.endsWith('_url') ? maskSsnsInText(value) : value]));
}

/** Sends one e-mail of `type` to `to`; resolves with the SES message id (undefined when nobody to send to). */
export async function sendEmail(input: SendEmailInput): Promise<string | undefined> {
  const addressed = [...new Set(input.to.filter(Boolean))];
  if (addressed.length === 0) {
    logger.warn('email not sent: no recipient', { type: input.type });
    return undefined;
  }
  const to = await withoutSuppressed(input.type, addressed);
  if (to.length === 0) return undefined;
  const template = await templateFor(input.type, input.scope);
  const values = withoutSsns(input.values);
  const subject = renderTemplate(template.subject, values);
  const body = renderTemplate(template.body, values);
  const res = await ses().send(
    new SendEmailCommand({
      FromEmailAddress: config.sesFromAddress,
      ConfigurationSetName: config.sesConfigurationSet,
      Destination: { ToAddresses: to },
      Content: { Simple: { Subject: { Data: subject }, Body: { Text: { Data: body } } } },
    }),
  );
  // Counts and ids only: never addresses' content or the values.
  logger.info('email sent', { type: input.type, recipients: to.length, messageId: res.MessageId });
  return res.MessageId;
}

/**
 * The recipients SES has not reported as bouncing or complaining (functions/lib/email-suppression.ts).
 * Skipped ones are counted in the log, never named, like every recipient here.
 */
export async function withoutSuppressed(type: EmailType | 'INVITATION', to: string[]): Promise<string[]> {
  const suppressed = await suppressedAmong(to);
  const kept = to.filter((address) => !suppressed.has(address.trim().toLowerCase()));
  if (kept.length < to.length) logger.warn('email not sent to suppressed addresses', { type, suppressed: to.length - kept.length, remaining: kept.length });
  return kept;
}
