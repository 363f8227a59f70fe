import { getAgencyCarrierPlanStats as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { agencyCarrierPlanStats } from '../../lib/hierarchy/stats';

/** GET /api/agencies/{agency_id}/company_carrier_plans_stats. */
export const handler = serve(endpoint, async ({ params, caller }) => agencyCarrierPlanStats(caller, params.agency_id));
