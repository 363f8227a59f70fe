import { Entity } from 'electrodb';
import { idAttribute, optionalString, updatedAt } from './attributes';

// Access patterns:
// - byUser: a user's whitelist rows (their extra tenant scope, read with every scoped request).
// - byOrganization (gsi2): rows sharing users with an organization (eligible assignees).
export const UsersWhitelistEntity = new Entity({
  model: { entity: 'usersWhitelist', version: '1', service: 'dvp' },
  attributes: {
    id: idAttribute,
    user_id: { type: 'string', required: true, readOnly: true },
    organization_id: { type: 'string', required: true, readOnly: true },
    company_id: optionalString,
    created_by_user_id: optionalString,
    updated_at: updatedAt,
  },
  indexes: {
    byUser: { pk: { field: 'pk', composite: ['user_id'] }, sk: { field: 'sk', composite: ['id'] } },
    byOrganization: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['organization_id'] },
      sk: { field: 'gsi2sk', composite: ['user_id', 'id'] },
    },
  },
});
