import { updateAdminDataMapping as endpoint } from '../../../shared/api/data-mappings';
import { updateAdminMapping } from '../../lib/comparisons/mappings';
import { serve } from '../../lib/http';

/** PATCH /api/admin/data_mappings/{data_mapping_id} (updated_at; stale → 409). */
export const handler = serve(endpoint, async ({ caller, params, body }) => updateAdminMapping(caller, params.data_mapping_id, body));
