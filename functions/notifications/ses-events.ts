import type { SNSEvent } from 'aws-lambda';
import { recordSesEvent } from '../lib/email-suppression';
import { instrumented } from '../lib/observability/instrumented';

/**
 * The stage's SES configuration set publishes bounces and complaints to an SNS topic; each message
 * is one SES event, and its recipients join the suppression list (docs/email.md).
 */
export const handler = instrumented('notifications/ses-events', async function handler(event: SNSEvent): Promise<{ suppressed: number }> {
  let suppressed = 0;
  for (const record of event.Records) suppressed += await recordSesEvent(JSON.parse(record.Sns.Message));
  return { suppressed };
});
