import { z } from 'zod';
import { deleteOrganizationMapping } from '../../lib/comparisons/mappings';
import { noContent, route } from '../../lib/http';

/** DELETE /api/organizations/{organization_id}/data_mappings/{data_mapping_id} → 204. */
export const handler = route({ params: z.object({ organization_id: z.string().min(1), data_mapping_id: z.string().min(1) }) }, async ({ caller, params }) => {
  await deleteOrganizationMapping(caller, params.organization_id, params.data_mapping_id);
  return noContent();
});
