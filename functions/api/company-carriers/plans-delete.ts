import { deactivateCompanyCarrierPlan as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { deactivateCompanyCarrierPlan } from '../../lib/hierarchy/company-carriers';

/** DELETE /api/companies/{company_id}/company_carriers/{company_carrier_id}/company_carrier_plans/{company_carrier_plan_id}: deactivates the plan. */
export const handler = serve(endpoint, async ({ params, caller }) =>
  deactivateCompanyCarrierPlan(caller, params.company_id, params.company_carrier_id, params.company_carrier_plan_id));
