import { z } from 'zod';
import { route } from '../../lib/http';
import { agencyCarrierPlanStats } from '../../lib/hierarchy/stats';

/** GET /api/agencies/{agency_id}/company_carrier_plans_stats. */
export const handler = route({ params: z.object({ agency_id: z.string().min(1) }) }, async ({ params, caller }) => agencyCarrierPlanStats(caller, params.agency_id));
