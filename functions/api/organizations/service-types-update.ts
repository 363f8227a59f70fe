import { updateServiceType as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { updateServiceType } from '../../lib/hierarchy/organization-settings';

/** PATCH /api/organizations/{organization_id}/service_types/{service_type_id}: conditional on updated_at (stale → 409). */
export const handler = serve(endpoint, async ({ body, params, caller }) => updateServiceType(caller, params.organization_id, params.service_type_id, body));
