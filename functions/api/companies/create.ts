import { z } from 'zod';
import { companyCreateSchema } from '../../../shared/schemas/company';
import { created, route } from '../../lib/http';
import { createCompany } from '../../lib/hierarchy/companies';

/** POST /api/organizations/{organization_id}/companies: 201 with the new company. */
export const handler = route({ body: companyCreateSchema, params: z.object({ organization_id: z.string().min(1) }) }, async ({ body, params, caller }) =>
  created(await createCompany(caller, params.organization_id, body)),
);
