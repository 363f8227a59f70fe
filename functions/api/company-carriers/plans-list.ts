import { listCompanyCarrierPlans as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { listCompanyCarrierPlans } from '../../lib/hierarchy/company-carriers';

/** GET /api/companies/{company_id}/company_carriers/{company_carrier_id}/company_carrier_plans. */
export const handler = serve(endpoint, async ({ query, params, caller }) => listCompanyCarrierPlans(caller, params.company_id, params.company_carrier_id, query));
