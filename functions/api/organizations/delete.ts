import { z } from 'zod';
import { deactivateSchema } from '../../../shared/schemas/organization';
import { route } from '../../lib/http';
import { deactivateOrganization } from '../../lib/hierarchy/organizations';

/** DELETE /api/admin/organizations/{organization_id}: deactivates (termination date defaults to today). */
export const handler = route({ body: deactivateSchema, params: z.object({ organization_id: z.string().min(1) }) }, async ({ body, params, caller }) => deactivateOrganization(caller, params.organization_id, body));
