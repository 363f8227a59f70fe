import { z } from 'zod';
import { route } from '../../lib/http';
import { deactivateAgency } from '../../lib/hierarchy/agencies';

/** DELETE /api/admin/agencies/{agency_id}: deactivates the agency. */
export const handler = route({ params: z.object({ agency_id: z.string().min(1) }) }, async ({ params, caller }) => deactivateAgency(caller, params.agency_id));
