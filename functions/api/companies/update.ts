import { updateCompany as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { updateCompany } from '../../lib/hierarchy/companies';

/** PATCH /api/organizations/{organization_id}/companies/{company_id}: conditional on updated_at (stale → 409). */
export const handler = serve(endpoint, async ({ body, params, caller }) => updateCompany(caller, params.organization_id, params.company_id, body));
