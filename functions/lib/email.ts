import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { defaultEmailTemplate, renderTemplate, type EmailTemplateText } from '../../shared/email-templates';
import type { EmailType } from '../../shared/email-types';
import { ses } from './aws';
import { config } from './config';
import { log } from './log';

/**
 * Sending one notification e-mail. The template is chosen by `templateFor`, which today answers
 * the platform default; template lookup (company → organization → platform) plugs in there with
 * the same signature.
 */
export interface EmailScope {
  organization_id?: string | null;
  company_id?: string | null;
}

export async function templateFor(type: EmailType, _scope: EmailScope = {}): Promise<EmailTemplateText> {
  return defaultEmailTemplate(type);
}

export interface SendEmailInput {
  type: EmailType;
  to: string[];
  values: Record<string, string | number | null | undefined>;
  scope?: EmailScope;
}

/** Sends one e-mail of `type` to `to`; resolves with the SES message id (undefined when nobody to send to). */
export async function sendEmail(input: SendEmailInput): Promise<string | undefined> {
  const to = [...new Set(input.to.filter(Boolean))];
  if (to.length === 0) {
    log.warn('email not sent: no recipient', { type: input.type });
    return undefined;
  }
  const template = await templateFor(input.type, input.scope);
  const subject = renderTemplate(template.subject, input.values);
  const body = renderTemplate(template.body, input.values);
  const res = await ses().send(
    new SendEmailCommand({
      FromEmailAddress: config.sesFromAddress,
      Destination: { ToAddresses: to },
      Content: { Simple: { Subject: { Data: subject }, Body: { Text: { Data: body } } } },
    }),
  );
  // Counts and ids only: never addresses' content or the values.
  log.info('email sent', { type: input.type, recipients: to.length, messageId: res.MessageId });
  return res.MessageId;
}
