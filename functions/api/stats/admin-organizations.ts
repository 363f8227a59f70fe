import { route } from '../../lib/http';
import { adminOrganizationStats } from '../../lib/hierarchy/stats';

/** GET /api/admin/organizations/stats: stat cards per organization and totals. */
export const handler = route({}, async () => adminOrganizationStats());
