import { z } from 'zod';
import { db } from './db/service';
import { logger } from './observability/logger';

/**
 * The addresses the platform no longer e-mails: SES reported a permanent bounce or a complaint for
 * them (through the stage's configuration set, docs/email.md). Every send asks here first; an
 * administrator clears an address from the user's page once it is fixed.
 */

export const normalizeAddress = (email: string) => email.trim().toLowerCase();

export interface Suppression {
  email: string;
  reason: 'BOUNCE' | 'COMPLAINT';
  detail?: string | null;
  suppressed_at: string;
}

/** The suppressed ones among `addresses` (normalized). */
export async function suppressedAmong(addresses: readonly string[]): Promise<Set<string>> {
  const keys = [...new Set(addresses.map(normalizeAddress))].map((email) => ({ email }));
  if (keys.length === 0) return new Set();
  const { data } = await db().entities.emailSuppression.get(keys).go();
  return new Set(data.map((s) => s.email));
}

export async function suppressionOf(email: string | null | undefined): Promise<Suppression | null> {
  if (!email) return null;
  const { data } = await db().entities.emailSuppression.get({ email: normalizeAddress(email) }).go();
  return data ? { email: data.email, reason: data.reason, detail: data.detail ?? null, suppressed_at: data.suppressed_at } : null;
}

/** Lets the platform e-mail the address again; true when it was suppressed. */
export async function clearSuppression(email: string): Promise<boolean> {
  const { data } = await db().entities.emailSuppression.delete({ email: normalizeAddress(email) }).go({ response: 'all_old' });
  return !!data;
}

/**
 * SES's event (configuration set event publishing: `eventType`) or identity notification
 * (`notificationType`), as the SNS message body. Only what decides a suppression is read.
 */
const recipients = z.array(z.object({ emailAddress: z.string() }));
const SesEvent = z.object({
  eventType: z.string().optional(),
  notificationType: z.string().optional(),
  bounce: z
    .object({
      bounceType: z.string(),
      bounceSubType: z.string().optional(),
      bouncedRecipients: recipients,
      timestamp: z.string(),
      feedbackId: z.string().optional(),
    })
    .optional(),
  complaint: z
    .object({
      complainedRecipients: recipients,
      timestamp: z.string(),
      feedbackId: z.string().optional(),
      complaintFeedbackType: z.string().optional(),
    })
    .optional(),
});

/**
 * Records the addresses an SES event says must not be e-mailed again: every recipient of a
 * permanent bounce or of a complaint. A transient bounce (mailbox full, greylisting) is only
 * logged, as SES retries those itself. Answers how many addresses were recorded.
 */
export async function recordSesEvent(message: unknown): Promise<number> {
  const parsed = SesEvent.safeParse(message);
  if (!parsed.success) {
    logger.warn('ses event ignored: not a bounce or complaint event', { issues: parsed.error.issues.length });
    return 0;
  }
  const event = parsed.data;
  const kind = event.eventType ?? event.notificationType;
  let items: Array<{ email: string; reason: 'BOUNCE' | 'COMPLAINT'; detail?: string; suppressed_at: string; feedback_id?: string }>;
  if (kind === 'Bounce' && event.bounce) {
    const b = event.bounce;
    if (b.bounceType !== 'Permanent') {
      logger.info('ses bounce not suppressed: not permanent', { bounceType: b.bounceType, bounceSubType: b.bounceSubType, recipients: b.bouncedRecipients.length });
      return 0;
    }
    items = b.bouncedRecipients.map((r) => ({
      email: normalizeAddress(r.emailAddress),
      reason: 'BOUNCE',
      detail: [b.bounceType, b.bounceSubType].filter(Boolean).join('/'),
      suppressed_at: b.timestamp,
      feedback_id: b.feedbackId,
    }));
  } else if (kind === 'Complaint' && event.complaint) {
    const c = event.complaint;
    items = c.complainedRecipients.map((r) => ({
      email: normalizeAddress(r.emailAddress),
      reason: 'COMPLAINT',
      detail: c.complaintFeedbackType,
      suppressed_at: c.timestamp,
      feedback_id: c.feedbackId,
    }));
  } else {
    logger.info('ses event ignored', { kind });
    return 0;
  }
  for (const item of items) await db().entities.emailSuppression.put(item).go({ response: 'none' });
  // Counts only: addresses stay out of the logs, as they do on every send.
  logger.info('email addresses suppressed', { reason: items[0]?.reason, count: items.length });
  return items.length;
}
