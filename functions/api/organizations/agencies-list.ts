import { listOrganizationAgencies as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { listOrganizationAgencies } from '../../lib/hierarchy/organization-settings';

/** GET /api/organizations/{organization_id}/agencies: the agency links of the organization. */
export const handler = serve(endpoint, async ({ query, params, caller }) => listOrganizationAgencies(caller, params.organization_id, query));
