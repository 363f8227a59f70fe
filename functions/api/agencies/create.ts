import { createAgency as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { createAgency } from '../../lib/hierarchy/agencies';

/** POST /api/admin/agencies: 201 with the new agency. */
export const handler = serve(endpoint, async ({ body, caller }) => createAgency(caller, body));
