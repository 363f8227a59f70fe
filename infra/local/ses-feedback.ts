import { randomUUID } from 'node:crypto';
import type { SNSEvent } from 'aws-lambda';

/**
 * SES's mailbox simulator, locally: an e-mail to bounce@simulator.amazonses.com (or
 * complaint@…, suppressionlist@…, with an optional +label) comes back as the bounce or complaint
 * event SES would publish through the stage's configuration set, handed to the same handler the
 * SNS topic invokes in AWS (functions/notifications/ses-events.ts). Unlike AWS, the event is
 * handled before the send is answered, so whoever sent it sees its effect at once.
 */
const SIMULATOR = /^(bounce|complaint|suppressionlist)(\+[^@]*)?@simulator\.amazonses\.com$/i;

interface SendBody {
  Destination?: { ToAddresses?: string[]; CcAddresses?: string[]; BccAddresses?: string[] };
}

/** The SES events the simulator would publish for one SendEmail request's recipients. */
export function simulatorEvents(body: unknown): object[] {
  const d = (body as SendBody | undefined)?.Destination ?? {};
  const timestamp = new Date().toISOString();
  const mail = { timestamp, messageId: randomUUID() };
  return [...(d.ToAddresses ?? []), ...(d.CcAddresses ?? []), ...(d.BccAddresses ?? [])].flatMap((address): object[] => {
    const kind = SIMULATOR.exec(address.trim())?.[1]?.toLowerCase();
    if (!kind) return [];
    if (kind === 'complaint') {
      return [{ eventType: 'Complaint', mail, complaint: { complainedRecipients: [{ emailAddress: address }], timestamp, feedbackId: randomUUID(), complaintFeedbackType: 'abuse' } }];
    }
    const bounceSubType = kind === 'suppressionlist' ? 'OnAccountSuppressionList' : 'General';
    return [{ eventType: 'Bounce', mail, bounce: { bounceType: 'Permanent', bounceSubType, bouncedRecipients: [{ emailAddress: address }], timestamp, feedbackId: randomUUID() } }];
  });
}

/** Hands the events to the stage's SES events handler, as one SNS delivery each. */
export async function deliverSimulatorEvents(events: object[]): Promise<void> {
  if (events.length === 0) return;
  const { handler } = await import('../../functions/notifications/ses-events');
  for (const event of events) {
    const sns = { Records: [{ EventSource: 'aws:sns', Sns: { Message: JSON.stringify(event), Type: 'Notification' } }] } as unknown as SNSEvent;
    await handler(sns);
  }
}
