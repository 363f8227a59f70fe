import { z } from 'zod';
import { companyUpdateSchema } from '../../../shared/schemas/company';
import { route } from '../../lib/http';
import { updateCompany } from '../../lib/hierarchy/companies';

/** PATCH /api/organizations/{organization_id}/companies/{company_id}: conditional on updated_at (stale → 409). */
export const handler = route({ body: companyUpdateSchema, params: z.object({ organization_id: z.string().min(1), company_id: z.string().min(1) }) }, async ({ body, params, caller }) =>
  updateCompany(caller, params.organization_id, params.company_id, body),
);
