import { unshareDataMapping as endpoint } from '../../../shared/api/data-mappings';
import { removeMappingWhitelist } from '../../lib/comparisons/mappings';
import { noContent, serve } from '../../lib/http';

/** DELETE /api/admin/data_mappings/{data_mapping_id}/whitelist/{organization_id} → 204: stops sharing. */
export const handler = serve(endpoint, async ({ params }) => {
  await removeMappingWhitelist(params.data_mapping_id, params.organization_id);
  return noContent();
});
