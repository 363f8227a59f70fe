import { createAdminDataMapping as endpoint } from '../../../shared/api/data-mappings';
import { createAdminMapping } from '../../lib/comparisons/mappings';
import { serve } from '../../lib/http';

/** POST /api/admin/data_mappings → 201. */
export const handler = serve(endpoint, async ({ caller, body }) => createAdminMapping(caller, body));
