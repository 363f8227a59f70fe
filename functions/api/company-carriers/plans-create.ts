import { createCompanyCarrierPlan as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { createCompanyCarrierPlan } from '../../lib/hierarchy/company-carriers';

/** POST /api/companies/{company_id}/company_carriers/{company_carrier_id}/company_carrier_plans: 201 with the new plan. */
export const handler = serve(endpoint, async ({ body, params, caller }) => createCompanyCarrierPlan(caller, params.company_id, params.company_carrier_id, body));
