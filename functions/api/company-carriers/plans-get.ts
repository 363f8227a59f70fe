import { z } from 'zod';
import { route } from '../../lib/http';
import { getCompanyCarrierPlan } from '../../lib/hierarchy/company-carriers';

/** GET /api/companies/{company_id}/company_carriers/{company_carrier_id}/company_carrier_plans/{company_carrier_plan_id}. */
export const handler = route({ params: z.object({ company_id: z.string().min(1), company_carrier_id: z.string().min(1), company_carrier_plan_id: z.string().min(1) }) }, async ({ params, caller }) =>
  getCompanyCarrierPlan(caller, params.company_id, params.company_carrier_id, params.company_carrier_plan_id),
);
