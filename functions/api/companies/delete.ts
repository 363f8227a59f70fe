import { z } from 'zod';
import { deactivateSchema } from '../../../shared/schemas/organization';
import { route } from '../../lib/http';
import { deactivateCompany } from '../../lib/hierarchy/companies';

/** DELETE /api/organizations/{organization_id}/companies/{company_id}: deactivates (termination date defaults to today). */
export const handler = route({ body: deactivateSchema, params: z.object({ organization_id: z.string().min(1), company_id: z.string().min(1) }) }, async ({ body, params, caller }) =>
  deactivateCompany(caller, params.organization_id, params.company_id, body),
);
