import { createCompany as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { createCompany } from '../../lib/hierarchy/companies';

/** POST /api/organizations/{organization_id}/companies: 201 with the new company. */
export const handler = serve(endpoint, async ({ body, params, caller }) => createCompany(caller, params.organization_id, body));
