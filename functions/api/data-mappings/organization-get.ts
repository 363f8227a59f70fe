import { getOrganizationDataMapping as endpoint } from '../../../shared/api/data-mappings';
import { getOrganizationMapping } from '../../lib/comparisons/mappings';
import { serve } from '../../lib/http';

/** GET /api/organizations/{organization_id}/data_mappings/{data_mapping_id}. */
export const handler = serve(endpoint, async ({ caller, params }) => getOrganizationMapping(caller, params.organization_id, params.data_mapping_id));
