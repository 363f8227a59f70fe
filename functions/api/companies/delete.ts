import { deactivateCompany as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { deactivateCompany } from '../../lib/hierarchy/companies';

/** DELETE /api/organizations/{organization_id}/companies/{company_id}: deactivates (termination date defaults to today). */
export const handler = serve(endpoint, async ({ body, params, caller }) => deactivateCompany(caller, params.organization_id, params.company_id, body));
