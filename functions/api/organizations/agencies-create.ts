import { z } from 'zod';
import { organizationAgencyCreateSchema } from '../../../shared/schemas/organization-agency';
import { created, route } from '../../lib/http';
import { linkAgency } from '../../lib/hierarchy/organization-settings';

/** POST /api/organizations/{organization_id}/agencies: 201 with the new record. */
export const handler = route({ body: organizationAgencyCreateSchema, params: z.object({ organization_id: z.string().min(1) }) }, async ({ body, params, caller }) =>
  created(await linkAgency(caller, params.organization_id, body)),
);
