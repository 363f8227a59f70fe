import { route } from '../../lib/http';
import { adminCarrierPlanStats } from '../../lib/hierarchy/stats';

/** GET /api/admin/company_carrier_plans_stats: the Carriers & Plans report, platform-wide. */
export const handler = route({}, async () => adminCarrierPlanStats());
