import { listCompanies as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { listCompanies } from '../../lib/hierarchy/companies';

/** GET /api/organizations/{organization_id}/companies. */
export const handler = serve(endpoint, async ({ query, params, caller }) => listCompanies(caller, params.organization_id, query));
