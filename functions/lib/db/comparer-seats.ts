import { Entity } from 'electrodb';
import { updatedAt } from './attributes';

/**
 * The comparer seats an organization has handed out (its admin_comparer_limit), one item per
 * organization: the ids of the users given a seat, and the version every seat-taking write is
 * conditional on, in the same transaction as the user's own write. Two invitations at once both
 * read the same version; only the first lands.
 *
 * Access patterns:
 * - byOrganization: the seats of one organization (a strongly consistent get).
 */
export const ComparerSeatsEntity = new Entity({
  model: { entity: 'comparerSeats', version: '1', service: 'dvp' },
  attributes: {
    organization_id: { type: 'string', required: true, readOnly: true },
    holder_ids: { type: 'list', items: { type: 'string' }, required: true },
    updated_at: updatedAt,
  },
  indexes: {
    byOrganization: { pk: { field: 'pk', composite: ['organization_id'] }, sk: { field: 'sk', composite: [] } },
  },
});
