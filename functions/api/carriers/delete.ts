import { deactivateCarrier as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { deactivateCarrier } from '../../lib/hierarchy/carriers';

/** DELETE /api/carriers/{carrier_id}: deactivates the carrier. */
export const handler = serve(endpoint, async ({ params, caller }) => deactivateCarrier(caller, params.carrier_id));
