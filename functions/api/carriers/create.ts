import { createCarrier as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { createCarrier } from '../../lib/hierarchy/carriers';

/** POST /api/carriers: 201 with the new carrier (DMS admin). */
export const handler = serve(endpoint, async ({ body, caller }) => createCarrier(caller, body));
