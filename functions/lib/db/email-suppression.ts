import { Entity } from 'electrodb';

// Access patterns:
// - byAddress: whether an address is suppressed, before every send (one item per address,
//   lower-cased). Written when SES reports a permanent bounce or a complaint for it; deleted when an
//   administrator clears it. Keyed on the address, not a user: SES only knows the address.
export const EmailSuppressionEntity = new Entity({
  model: { entity: 'emailSuppression', version: '1', service: 'dvp' },
  attributes: {
    email: { type: 'string', required: true, readOnly: true },
    reason: { type: ['BOUNCE', 'COMPLAINT'] as const, required: true },
    /** SES's bounce type and subtype ("Permanent/General") or complaint feedback type, for the support desk. */
    detail: { type: 'string' },
    /** When SES reported it (the event's timestamp). */
    suppressed_at: { type: 'string', required: true },
    /** SES's id of the bounce or complaint feedback, to find it in SES's own records. */
    feedback_id: { type: 'string' },
  },
  indexes: {
    byAddress: {
      pk: { field: 'pk', composite: ['email'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});
