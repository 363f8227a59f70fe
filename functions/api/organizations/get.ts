import { getOrganization as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { getOrganization } from '../../lib/hierarchy/organizations';

/** GET /api/organizations/{organization_id}. */
export const handler = serve(endpoint, async ({ params, caller }) => getOrganization(caller, params.organization_id));
