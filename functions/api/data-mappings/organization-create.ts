import { createOrganizationDataMapping as endpoint } from '../../../shared/api/data-mappings';
import { createOrganizationMapping } from '../../lib/comparisons/mappings';
import { serve } from '../../lib/http';

/** POST /api/organizations/{organization_id}/data_mappings → 201. */
export const handler = serve(endpoint, async ({ caller, params, body }) => createOrganizationMapping(caller, params.organization_id, body));
