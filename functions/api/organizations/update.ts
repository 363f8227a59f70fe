import { z } from 'zod';
import { organizationUpdateSchema } from '../../../shared/schemas/organization';
import { route } from '../../lib/http';
import { updateOrganization } from '../../lib/hierarchy/organizations';

/** PATCH /api/admin/organizations/{organization_id}: conditional on updated_at (stale → 409). */
export const handler = route({ body: organizationUpdateSchema, params: z.object({ organization_id: z.string().min(1) }) }, async ({ body, params, caller }) => updateOrganization(caller, params.organization_id, body));
