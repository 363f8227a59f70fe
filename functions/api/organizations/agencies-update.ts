import { z } from 'zod';
import { organizationAgencyUpdateSchema } from '../../../shared/schemas/organization-agency';
import { route } from '../../lib/http';
import { updateAgencyLink } from '../../lib/hierarchy/organization-settings';

/** PATCH /api/organizations/{organization_id}/agencies/{agency_id}: conditional on updated_at (stale → 409). */
export const handler = route({ body: organizationAgencyUpdateSchema, params: z.object({ organization_id: z.string().min(1), agency_id: z.string().min(1) }) }, async ({ body, params, caller }) =>
  updateAgencyLink(caller, params.organization_id, params.agency_id, body),
);
