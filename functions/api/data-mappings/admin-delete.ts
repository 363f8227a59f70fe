import { deleteAdminDataMapping as endpoint } from '../../../shared/api/data-mappings';
import { deleteAdminMapping } from '../../lib/comparisons/mappings';
import { noContent, serve } from '../../lib/http';

/** DELETE /api/admin/data_mappings/{data_mapping_id} → 204 (its whitelist rows go too). */
export const handler = serve(endpoint, async ({ params }) => {
  await deleteAdminMapping(params.data_mapping_id);
  return noContent();
});
