import { z } from 'zod';
import { deleteAdminMapping } from '../../lib/comparisons/mappings';
import { noContent, route } from '../../lib/http';

/** DELETE /api/admin/data_mappings/{data_mapping_id} → 204 (its whitelist rows go too). */
export const handler = route({ params: z.object({ data_mapping_id: z.string().min(1) }) }, async ({ params }) => {
  await deleteAdminMapping(params.data_mapping_id);
  return noContent();
});
