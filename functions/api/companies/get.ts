import { getCompany as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { getCompany } from '../../lib/hierarchy/companies';

/** GET /api/companies/{company_id}. */
export const handler = serve(endpoint, async ({ params, caller }) => getCompany(caller, params.company_id));
