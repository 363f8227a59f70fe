import { Entity } from 'electrodb';
import { idAttribute, optionalString, updatedAt } from './attributes';

// Access patterns:
// - byType: the platform's template of each e-mail type (one partition, one item per type). A
//   type without an item uses the built-in default text (shared/email-templates.ts).
export const PlatformEmailTemplateEntity = new Entity({
  model: { entity: 'platformEmailTemplate', version: '1', service: 'dvp' },
  attributes: {
    id: idAttribute,
    email_type: { type: 'string', required: true, readOnly: true },
    subject: { type: 'string', required: true },
    body: { type: 'string', required: true },
    updated_by_user_id: optionalString,
    updated_at: updatedAt,
  },
  indexes: {
    byType: {
      pk: { field: 'pk', composite: [] },
      sk: { field: 'sk', composite: ['email_type'] },
    },
  },
});
