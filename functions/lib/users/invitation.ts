import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { ses } from '../aws';
import { config } from '../config';
import { withoutSuppressed } from '../email';
import { signInUrl } from '../public-url';

/**
 * The invitation e-mail of a new (or re-invited) user: who they are signing in as, the temporary
 * password Cognito will ask them to change, and where to sign in. Composed here rather than by
 * Cognito so it carries the product's name and URL; the body is never logged.
 */
export const INVITATION_SUBJECT = 'Your Data Validation Platform account';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function invitationContent(input: { email: string; firstName?: string | null; temporaryPassword: string; invitedBy?: string | null }) {
  const url = signInUrl();
  const greeting = input.firstName ? `Hello ${input.firstName},` : 'Hello,';
  const intro = input.invitedBy
    ? `${input.invitedBy} has invited you to the Data Validation Platform.`
    : 'You have been invited to the Data Validation Platform.';
  const text = [
    greeting,
    '',
    intro,
    '',
    `Sign in at ${url}`,
    `Username: ${input.email}`,
    `Temporary password: ${input.temporaryPassword}`,
    '',
    'You will be asked to choose a new password the first time you sign in. The temporary password expires in 7 days; ask your administrator to resend the invitation if it has.',
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(url)}">Sign in to the Data Validation Platform</a></p>
<p>Username: <strong>${escapeHtml(input.email)}</strong><br>Temporary password: <code>${escapeHtml(input.temporaryPassword)}</code></p>
<p>You will be asked to choose a new password the first time you sign in. The temporary password expires in 7 days; ask your administrator to resend the invitation if it has.</p>`;
  return { subject: INVITATION_SUBJECT, text, html };
}

/** Sends the invitation; false when the address is suppressed (it bounced or complained), so nothing went. */
export async function sendInvitation(input: Parameters<typeof invitationContent>[0]): Promise<boolean> {
  const content = invitationContent(input);
  if ((await withoutSuppressed('INVITATION', [input.email])).length === 0) return false;
  await ses().send(
    new SendEmailCommand({
      FromEmailAddress: config.sesFromAddress,
      ConfigurationSetName: config.sesConfigurationSet,
      Destination: { ToAddresses: [input.email] },
      Content: {
        Simple: {
          Subject: { Data: content.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: content.text, Charset: 'UTF-8' }, Html: { Data: content.html, Charset: 'UTF-8' } },
        },
      },
    }),
  );
  return true;
}
