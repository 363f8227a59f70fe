import { linkOrganizationAgency as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { linkAgency } from '../../lib/hierarchy/organization-settings';

/** POST /api/organizations/{organization_id}/agencies: 201 with the new record. */
export const handler = serve(endpoint, async ({ body, params, caller }) => linkAgency(caller, params.organization_id, body));
