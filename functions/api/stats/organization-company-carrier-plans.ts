import { z } from 'zod';
import { route } from '../../lib/http';
import { organizationCarrierPlanStats } from '../../lib/hierarchy/stats';

/** GET /api/organizations/{organization_id}/company_carrier_plans_stats (403 when the plan lacks carriers). */
export const handler = route({ params: z.object({ organization_id: z.string().min(1) }) }, async ({ params, caller }) => organizationCarrierPlanStats(caller, params.organization_id));
