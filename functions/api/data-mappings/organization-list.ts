import { listOrganizationDataMappings as endpoint } from '../../../shared/api/data-mappings';
import { listOrganizationMappings } from '../../lib/comparisons/mappings';
import { serve } from '../../lib/http';

/** GET /api/organizations/{organization_id}/data_mappings. */
export const handler = serve(endpoint, async ({ caller, params }) => listOrganizationMappings(caller, params.organization_id));
