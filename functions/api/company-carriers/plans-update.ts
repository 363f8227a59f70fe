import { z } from 'zod';
import { companyCarrierPlanUpdateSchema } from '../../../shared/schemas/company-carrier-plan';
import { route } from '../../lib/http';
import { updateCompanyCarrierPlan } from '../../lib/hierarchy/company-carriers';

/** PATCH /api/companies/{company_id}/company_carriers/{company_carrier_id}/company_carrier_plans/{company_carrier_plan_id}: conditional on updated_at (stale → 409). */
export const handler = route(
  { body: companyCarrierPlanUpdateSchema, params: z.object({ company_id: z.string().min(1), company_carrier_id: z.string().min(1), company_carrier_plan_id: z.string().min(1) }) },
  async ({ body, params, caller }) =>
    updateCompanyCarrierPlan(caller, params.company_id, params.company_carrier_id, params.company_carrier_plan_id, body),
);
