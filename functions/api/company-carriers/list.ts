import { z } from 'zod';
import { route } from '../../lib/http';
import { listQuery } from '../../lib/pagination';
import { listCompanyCarriers } from '../../lib/hierarchy/company-carriers';

/** GET /api/companies/{company_id}/company_carriers (403 when the plan lacks carriers). */
export const handler = route({ query: listQuery, params: z.object({ company_id: z.string().min(1) }) }, async ({ query, params, caller }) => listCompanyCarriers(caller, params.company_id, query));
