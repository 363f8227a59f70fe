import { getAdminDataMapping as endpoint } from '../../../shared/api/data-mappings';
import { getAdminMapping } from '../../lib/comparisons/mappings';
import { serve } from '../../lib/http';

/** GET /api/admin/data_mappings/{data_mapping_id} with its whitelist rows. */
export const handler = serve(endpoint, async ({ params }) => getAdminMapping(params.data_mapping_id));
