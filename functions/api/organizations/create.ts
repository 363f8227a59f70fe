import { createOrganization as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { createOrganization } from '../../lib/hierarchy/organizations';

/** POST /api/admin/organizations: 201 with the new organization. */
export const handler = serve(endpoint, async ({ body, caller }) => createOrganization(caller, body));
