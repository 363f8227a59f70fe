import { createServiceType as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { createServiceType } from '../../lib/hierarchy/organization-settings';

/** POST /api/organizations/{organization_id}/service_types: 201 with the new record. */
export const handler = serve(endpoint, async ({ body, params, caller }) => createServiceType(caller, params.organization_id, body));
