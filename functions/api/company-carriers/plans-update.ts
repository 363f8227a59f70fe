import { updateCompanyCarrierPlan as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { updateCompanyCarrierPlan } from '../../lib/hierarchy/company-carriers';

/** PATCH /api/companies/{company_id}/company_carriers/{company_carrier_id}/company_carrier_plans/{company_carrier_plan_id}: conditional on updated_at (stale → 409). */
export const handler = serve(endpoint, async ({ body, params, caller }) =>
  updateCompanyCarrierPlan(caller, params.company_id, params.company_carrier_id, params.company_carrier_plan_id, body));
