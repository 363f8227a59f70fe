import { listCarriers as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { listCarriers } from '../../lib/hierarchy/carriers';

/** GET /api/carriers: the platform carrier list, by name. */
export const handler = serve(endpoint, async ({ query }) => listCarriers(query));
