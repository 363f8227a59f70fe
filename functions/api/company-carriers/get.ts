import { z } from 'zod';
import { route } from '../../lib/http';
import { getCompanyCarrier } from '../../lib/hierarchy/company-carriers';

/** GET /api/companies/{company_id}/company_carriers/{company_carrier_id}. */
export const handler = route({ params: z.object({ company_id: z.string().min(1), company_carrier_id: z.string().min(1) }) }, async ({ params, caller }) =>
  getCompanyCarrier(caller, params.company_id, params.company_carrier_id),
);
