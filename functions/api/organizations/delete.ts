import { deactivateOrganization as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { deactivateOrganization } from '../../lib/hierarchy/organizations';

/** DELETE /api/admin/organizations/{organization_id}: deactivates (termination date defaults to today). */
export const handler = serve(endpoint, async ({ body, params, caller }) => deactivateOrganization(caller, params.organization_id, body));
