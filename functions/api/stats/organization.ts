import { getOrganizationStats as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { organizationStats } from '../../lib/hierarchy/stats';

/** GET /api/organizations/{organization_id}/stats: the organization page's stat cards. */
export const handler = serve(endpoint, async ({ params, caller }) => organizationStats(caller, params.organization_id));
