import { getOrganizationsStats as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { adminOrganizationStats } from '../../lib/hierarchy/stats';

/** GET /api/admin/organizations/stats: stat cards per organization and totals. */
export const handler = serve(endpoint, async () => adminOrganizationStats());
