import { route } from '../../lib/http';
import { listQuery } from '../../lib/pagination';
import { listAgencies } from '../../lib/hierarchy/agencies';

/** GET /api/admin/agencies: every agency, by name. */
export const handler = route({ query: listQuery }, async ({ query }) => listAgencies(query));
