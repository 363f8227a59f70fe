import { z } from 'zod';
import { companyCarrierCreateBodySchema } from '../../../shared/schemas/company-carrier';
import { created, route } from '../../lib/http';
import { createCompanyCarrier } from '../../lib/hierarchy/company-carriers';

/** POST /api/companies/{company_id}/company_carriers: 201 with the new company carrier. */
export const handler = route({ body: companyCarrierCreateBodySchema, params: z.object({ company_id: z.string().min(1) }) }, async ({ body, params, caller }) =>
  created(await createCompanyCarrier(caller, params.company_id, body)),
);
