import { z } from 'zod';
import { route } from '../../lib/http';
import { getAgency } from '../../lib/hierarchy/agencies';

/** GET /api/agencies/{agency_id}: the admin, or an admin of that agency. */
export const handler = route({ params: z.object({ agency_id: z.string().min(1) }) }, async ({ params, caller }) => getAgency(caller, params.agency_id));
