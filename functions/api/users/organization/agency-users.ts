import { listOrganizationAgencyUsers as endpoint } from '../../../../shared/api/users';
import { serve } from '../../../lib/http';
import { organizationInScope } from '../../../lib/tenancy/scope';
import { organizationAgencyUsers } from '../../../lib/users/read';

/** GET /api/organizations/{organization_id}/agency_users: users of the agencies linked to the organization. */
export const handler = serve(endpoint, async ({ caller, params }) => organizationAgencyUsers((await organizationInScope(caller, params.organization_id)).id));
