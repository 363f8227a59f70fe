import { listServiceTypes as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { listServiceTypes } from '../../lib/hierarchy/organization-settings';

/** GET /api/organizations/{organization_id}/service_types: the service types of the organization. */
export const handler = serve(endpoint, async ({ query, params, caller }) => listServiceTypes(caller, params.organization_id, query));
