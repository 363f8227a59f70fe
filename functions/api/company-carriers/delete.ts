import { z } from 'zod';
import { route } from '../../lib/http';
import { deactivateCompanyCarrier } from '../../lib/hierarchy/company-carriers';

/** DELETE /api/companies/{company_id}/company_carriers/{company_carrier_id}: deactivates it. */
export const handler = route({ params: z.object({ company_id: z.string().min(1), company_carrier_id: z.string().min(1) }) }, async ({ params, caller }) =>
  deactivateCompanyCarrier(caller, params.company_id, params.company_carrier_id),
);
