import { getAdminCarrierPlanStats as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { adminCarrierPlanStats } from '../../lib/hierarchy/stats';

/** GET /api/admin/company_carrier_plans_stats: the Carriers & Plans report, platform-wide. */
export const handler = serve(endpoint, async () => adminCarrierPlanStats());
