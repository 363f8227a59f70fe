import { listOrganizations as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { listVisibleOrganizations } from '../../lib/hierarchy/organizations';

/** GET /api/organizations: the organizations the caller may open. */
export const handler = serve(endpoint, async ({ query, caller }) => listVisibleOrganizations(caller, query));
