import { listAgencies as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { listAgencies } from '../../lib/hierarchy/agencies';

/** GET /api/admin/agencies: every agency, by name. */
export const handler = serve(endpoint, async ({ query }) => listAgencies(query));
