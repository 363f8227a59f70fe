import { listDataMappingWhitelist as endpoint } from '../../../shared/api/data-mappings';
import { listMappingWhitelist } from '../../lib/comparisons/mappings';
import { serve } from '../../lib/http';

/** GET /api/admin/data_mappings/{data_mapping_id}/whitelist: organizations the admin mapping is shared with. */
export const handler = serve(endpoint, async ({ params }) => listMappingWhitelist(params.data_mapping_id));
