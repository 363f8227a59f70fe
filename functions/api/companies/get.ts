import { z } from 'zod';
import { route } from '../../lib/http';
import { getCompany } from '../../lib/hierarchy/companies';

/** GET /api/companies/{company_id}. */
export const handler = route({ params: z.object({ company_id: z.string().min(1) }) }, async ({ params, caller }) => getCompany(caller, params.company_id));
