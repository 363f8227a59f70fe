import { route } from '../../lib/http';
import { listQuery } from '../../lib/pagination';
import { listVisibleOrganizations } from '../../lib/hierarchy/organizations';

/** GET /api/organizations: the organizations the caller may open. */
export const handler = route({ query: listQuery }, async ({ query, caller }) => listVisibleOrganizations(caller, query));
