import { z } from 'zod';
import { route } from '../../lib/http';
import { deactivateCarrier } from '../../lib/hierarchy/carriers';

/** DELETE /api/carriers/{carrier_id}: deactivates the carrier. */
export const handler = route({ params: z.object({ carrier_id: z.string().min(1) }) }, async ({ params, caller }) => deactivateCarrier(caller, params.carrier_id));
