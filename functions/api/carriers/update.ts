import { z } from 'zod';
import { carrierUpdateSchema } from '../../../shared/schemas/carrier';
import { route } from '../../lib/http';
import { updateCarrier } from '../../lib/hierarchy/carriers';

/** PATCH /api/carriers/{carrier_id}: conditional on updated_at (stale → 409). */
export const handler = route({ body: carrierUpdateSchema, params: z.object({ carrier_id: z.string().min(1) }) }, async ({ body, params, caller }) => updateCarrier(caller, params.carrier_id, body));
