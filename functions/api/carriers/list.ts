import { route } from '../../lib/http';
import { listQuery } from '../../lib/pagination';
import { listCarriers } from '../../lib/hierarchy/carriers';

/** GET /api/carriers: the platform carrier list, by name. */
export const handler = route({ query: listQuery }, async ({ query }) => listCarriers(query));
