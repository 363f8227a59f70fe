import { z } from 'zod';
import { route } from '../../lib/http';
import { listQuery } from '../../lib/pagination';
import { listCompanies } from '../../lib/hierarchy/companies';

/** GET /api/organizations/{organization_id}/companies. */
export const handler = route({ query: listQuery, params: z.object({ organization_id: z.string().min(1) }) }, async ({ query, params, caller }) => listCompanies(caller, params.organization_id, query));
