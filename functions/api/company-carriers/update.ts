import { z } from 'zod';
import { companyCarrierUpdateSchema } from '../../../shared/schemas/company-carrier';
import { route } from '../../lib/http';
import { updateCompanyCarrier } from '../../lib/hierarchy/company-carriers';

/** PATCH /api/companies/{company_id}/company_carriers/{company_carrier_id}: conditional on updated_at (stale → 409). */
export const handler = route({ body: companyCarrierUpdateSchema, params: z.object({ company_id: z.string().min(1), company_carrier_id: z.string().min(1) }) }, async ({ body, params, caller }) =>
  updateCompanyCarrier(caller, params.company_id, params.company_carrier_id, body),
);
