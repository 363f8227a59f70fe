import { updateOrganizationDataMapping as endpoint } from '../../../shared/api/data-mappings';
import { updateOrganizationMapping } from '../../lib/comparisons/mappings';
import { serve } from '../../lib/http';

/** PATCH /api/organizations/{organization_id}/data_mappings/{data_mapping_id} (updated_at; stale → 409). */
export const handler = serve(endpoint, async ({ caller, params, body }) =>
  updateOrganizationMapping(caller, params.organization_id, params.data_mapping_id, body),
);
