import { z } from 'zod';
import { route } from '../../../lib/http';
import { organizationInScope } from '../../../lib/scope';
import { organizationAgencyUsers } from '../../../lib/users/read';

/** GET /api/organizations/{organization_id}/agency_users: users of the agencies linked to the organization. */
export const handler = route({ params: z.object({ organization_id: z.string().min(1) }) }, async ({ caller, params }) => {
  const organization = await organizationInScope(caller, params.organization_id);
  return organizationAgencyUsers(organization.id);
});
