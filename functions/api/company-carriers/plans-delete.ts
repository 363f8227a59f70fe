import { z } from 'zod';
import { route } from '../../lib/http';
import { deactivateCompanyCarrierPlan } from '../../lib/hierarchy/company-carriers';

/** DELETE /api/companies/{company_id}/company_carriers/{company_carrier_id}/company_carrier_plans/{company_carrier_plan_id}: deactivates the plan. */
export const handler = route({ params: z.object({ company_id: z.string().min(1), company_carrier_id: z.string().min(1), company_carrier_plan_id: z.string().min(1) }) }, async ({ params, caller }) =>
  deactivateCompanyCarrierPlan(caller, params.company_id, params.company_carrier_id, params.company_carrier_plan_id),
);
