import { getCompanyCarrierPlan as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { getCompanyCarrierPlan } from '../../lib/hierarchy/company-carriers';

/** GET /api/companies/{company_id}/company_carriers/{company_carrier_id}/company_carrier_plans/{company_carrier_plan_id}. */
export const handler = serve(endpoint, async ({ params, caller }) =>
  getCompanyCarrierPlan(caller, params.company_id, params.company_carrier_id, params.company_carrier_plan_id));
