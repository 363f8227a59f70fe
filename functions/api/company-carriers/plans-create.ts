import { z } from 'zod';
import { companyCarrierPlanCreateBodySchema } from '../../../shared/schemas/company-carrier-plan';
import { created, route } from '../../lib/http';
import { createCompanyCarrierPlan } from '../../lib/hierarchy/company-carriers';

/** POST /api/companies/{company_id}/company_carriers/{company_carrier_id}/company_carrier_plans: 201 with the new plan. */
export const handler = route({ body: companyCarrierPlanCreateBodySchema, params: z.object({ company_id: z.string().min(1), company_carrier_id: z.string().min(1) }) }, async ({ body, params, caller }) =>
  created(await createCompanyCarrierPlan(caller, params.company_id, params.company_carrier_id, body)),
);
