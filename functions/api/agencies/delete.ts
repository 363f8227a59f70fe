import { deactivateAgency as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { deactivateAgency } from '../../lib/hierarchy/agencies';

/** DELETE /api/admin/agencies/{agency_id}: deactivates the agency. */
export const handler = serve(endpoint, async ({ params, caller }) => deactivateAgency(caller, params.agency_id));
