import { updateOrganizationAgency as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { updateAgencyLink } from '../../lib/hierarchy/organization-settings';

/** PATCH /api/organizations/{organization_id}/agencies/{agency_id}: conditional on updated_at (stale → 409). */
export const handler = serve(endpoint, async ({ body, params, caller }) => updateAgencyLink(caller, params.organization_id, params.agency_id, body));
