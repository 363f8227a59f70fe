import { deleteOrganizationDataMapping as endpoint } from '../../../shared/api/data-mappings';
import { deleteOrganizationMapping } from '../../lib/comparisons/mappings';
import { noContent, serve } from '../../lib/http';

/** DELETE /api/organizations/{organization_id}/data_mappings/{data_mapping_id} → 204. */
export const handler = serve(endpoint, async ({ caller, params }) => {
  await deleteOrganizationMapping(caller, params.organization_id, params.data_mapping_id);
  return noContent();
});
