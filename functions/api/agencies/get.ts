import { getAgency as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { getAgency } from '../../lib/hierarchy/agencies';

/** GET /api/agencies/{agency_id}: the admin, or an admin of that agency. */
export const handler = serve(endpoint, async ({ params, caller }) => getAgency(caller, params.agency_id));
