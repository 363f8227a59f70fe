import { shareDataMapping as endpoint } from '../../../shared/api/data-mappings';
import { addMappingWhitelist } from '../../lib/comparisons/mappings';
import { serve } from '../../lib/http';

/** POST /api/admin/data_mappings/{data_mapping_id}/whitelist { organization_id } → 201: shares the mapping. */
export const handler = serve(endpoint, async ({ caller, params, body }) => addMappingWhitelist(caller, params.data_mapping_id, body.organization_id));
