import { z } from 'zod';
import { removeMappingWhitelist } from '../../lib/comparisons/mappings';
import { noContent, route } from '../../lib/http';

/** DELETE /api/admin/data_mappings/{data_mapping_id}/whitelist/{organization_id} → 204: stops sharing. */
export const handler = route({ params: z.object({ data_mapping_id: z.string().min(1), organization_id: z.string().min(1) }) }, async ({ params }) => {
  await removeMappingWhitelist(params.data_mapping_id, params.organization_id);
  return noContent();
});
