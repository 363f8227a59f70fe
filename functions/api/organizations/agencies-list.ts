import { z } from 'zod';
import { route } from '../../lib/http';
import { listQuery } from '../../lib/pagination';
import { listOrganizationAgencies } from '../../lib/hierarchy/organization-settings';

/** GET /api/organizations/{organization_id}/agencies: the agency links of the organization. */
export const handler = route({ query: listQuery, params: z.object({ organization_id: z.string().min(1) }) }, async ({ query, params, caller }) => listOrganizationAgencies(caller, params.organization_id, query));
