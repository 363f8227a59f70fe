import { Entity } from 'electrodb';
import { createdAt, flag, idAttribute, optionalString, updatedAt } from './attributes';

// Access patterns:
// - byId: a user by id (the Cognito `sub`); every API request reads this.
// - byEmail (gsi1): every user sorted by e-mail in one partition: the admin listing, and a user by
//   e-mail (duplicate check on create) with the e-mail as the sort-key prefix.
// - byOrganization (gsi2): users of an organization, filtered by company or role in the query.
// - byAgency (gsi3): users of an agency.
export const UserEntity = new Entity({
  model: { entity: 'user', version: '1', service: 'dvp' },
  attributes: {
    id: { ...idAttribute, default: undefined },
    username: { type: 'string', required: true },
    email: { type: 'string', required: true },
    role: { type: 'string', required: true },
    agency_id: optionalString,
    organization_id: optionalString,
    company_id: optionalString,
    disabled: flag,
    first_name: optionalString,
    last_name: optionalString,
    phone: optionalString,
    job_title: optionalString,
    billing_contact: flag,
    created_by_user_id: optionalString,
    updated_by_user_id: optionalString,
    last_active_at: optionalString,
    created_at: createdAt,
    updated_at: updatedAt,
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
    byEmail: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [], template: 'users' },
      sk: { field: 'gsi1sk', composite: ['email', 'id'] },
    },
    byOrganization: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['organization_id'] },
      sk: { field: 'gsi2sk', composite: ['id'] },
    },
    byAgency: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: ['agency_id'] },
      sk: { field: 'gsi3sk', composite: ['id'] },
    },
  },
});
