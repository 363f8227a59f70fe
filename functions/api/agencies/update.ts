import { z } from 'zod';
import { agencyUpdateSchema } from '../../../shared/schemas/agency';
import { route } from '../../lib/http';
import { updateAgency } from '../../lib/hierarchy/agencies';

/** PATCH /api/admin/agencies/{agency_id}: conditional on updated_at (stale → 409). */
export const handler = route({ body: agencyUpdateSchema, params: z.object({ agency_id: z.string().min(1) }) }, async ({ body, params, caller }) => updateAgency(caller, params.agency_id, body));
