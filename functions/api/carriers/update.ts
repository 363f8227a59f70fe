import { updateCarrier as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { updateCarrier } from '../../lib/hierarchy/carriers';

/** PATCH /api/carriers/{carrier_id}: conditional on updated_at (stale → 409). */
export const handler = serve(endpoint, async ({ body, params, caller }) => updateCarrier(caller, params.carrier_id, body));
