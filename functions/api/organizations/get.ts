import { z } from 'zod';
import { route } from '../../lib/http';
import { getOrganization } from '../../lib/hierarchy/organizations';

/** GET /api/organizations/{organization_id}. */
export const handler = route({ params: z.object({ organization_id: z.string().min(1) }) }, async ({ params, caller }) => getOrganization(caller, params.organization_id));
