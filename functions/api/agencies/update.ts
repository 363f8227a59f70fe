import { updateAgency as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { updateAgency } from '../../lib/hierarchy/agencies';

/** PATCH /api/admin/agencies/{agency_id}: conditional on updated_at (stale → 409). */
export const handler = serve(endpoint, async ({ body, params, caller }) => updateAgency(caller, params.agency_id, body));
