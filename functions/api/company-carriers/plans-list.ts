import { z } from 'zod';
import { route } from '../../lib/http';
import { listQuery } from '../../lib/pagination';
import { listCompanyCarrierPlans } from '../../lib/hierarchy/company-carriers';

/** GET /api/companies/{company_id}/company_carriers/{company_carrier_id}/company_carrier_plans. */
export const handler = route({ query: listQuery, params: z.object({ company_id: z.string().min(1), company_carrier_id: z.string().min(1) }) }, async ({ query, params, caller }) =>
  listCompanyCarrierPlans(caller, params.company_id, params.company_carrier_id, query),
);
