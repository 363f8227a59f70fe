import { Entity } from 'electrodb';
import { createdAt } from './attributes';

// Access pattern: one item per late renewal step and day, tenant in the partition. The job creates
// it before sending that day's reminder; the create's condition (the item must not exist) is the
// claim, so of two runs for the same day only one sends. The table's TTL removes it after a while.
export const RenewalReminderEntity = new Entity({
  model: { entity: 'renewalReminder', version: '1', service: 'dvp' },
  attributes: {
    organization_id: { type: 'string', required: true, readOnly: true },
    company_id: { type: 'string', required: true, readOnly: true },
    renewal_id: { type: 'string', required: true, readOnly: true },
    step: { type: 'string', required: true, readOnly: true },
    /** The day (yyyy-MM-dd, UTC) the reminder is for. */
    day: { type: 'string', required: true, readOnly: true },
    /** The users it went to, recorded once sent. */
    sent_to: { type: 'set', items: 'string' },
    /** Why it was not sent (the e-mail service's error name only); the next day's run tries again. */
    error: { type: 'string' },
    /** Epoch seconds: the table's TTL attribute. */
    expires_at: { type: 'number', required: true, readOnly: true },
    created_at: createdAt,
  },
  indexes: {
    byRenewal: {
      pk: { field: 'pk', composite: ['organization_id', 'company_id'] },
      sk: { field: 'sk', composite: ['renewal_id', 'step', 'day'] },
    },
  },
});
