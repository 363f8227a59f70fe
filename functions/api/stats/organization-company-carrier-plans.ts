import { getOrganizationCarrierPlanStats as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { organizationCarrierPlanStats } from '../../lib/hierarchy/stats';

/** GET /api/organizations/{organization_id}/company_carrier_plans_stats (403 when the plan lacks carriers). */
export const handler = serve(endpoint, async ({ params, caller }) => organizationCarrierPlanStats(caller, params.organization_id));
