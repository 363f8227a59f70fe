import { updateOrganization as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { updateOrganization } from '../../lib/hierarchy/organizations';

/** PATCH /api/admin/organizations/{organization_id}: conditional on updated_at (stale → 409). */
export const handler = serve(endpoint, async ({ body, params, caller }) => updateOrganization(caller, params.organization_id, body));
