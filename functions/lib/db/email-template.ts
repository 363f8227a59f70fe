import { Entity } from 'electrodb';
import { idAttribute, optionalString, updatedAt } from './attributes';

// Access patterns:
// - byOrganization: the e-mail templates of an organization and of its companies. `slot` is
//   `<company_id or ORGANIZATION>#<email_type>`, so there is at most one template per level and
//   type, read with one get; lists filter on company_id.
// SPEC §3 EmailTemplate. The lookup for a send is company → organization → platform.
export const EmailTemplateEntity = new Entity({
  model: { entity: 'emailTemplate', version: '1', service: 'dvp' },
  attributes: {
    id: idAttribute,
    organization_id: { type: 'string', required: true, readOnly: true },
    company_id: { type: 'string', readOnly: true },
    email_type: { type: 'string', required: true, readOnly: true },
    slot: { type: 'string', required: true, readOnly: true },
    subject: { type: 'string', required: true },
    body: { type: 'string', required: true },
    updated_by_user_id: optionalString,
    updated_at: updatedAt,
  },
  indexes: {
    byOrganization: {
      pk: { field: 'pk', composite: ['organization_id'] },
      sk: { field: 'sk', composite: ['slot'] },
    },
  },
});

export const emailTemplateSlot = (companyId: string | null | undefined, emailType: string) => `${companyId || 'ORGANIZATION'}#${emailType}`;
