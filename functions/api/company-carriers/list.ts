import { listCompanyCarriers as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { listCompanyCarriers } from '../../lib/hierarchy/company-carriers';

/** GET /api/companies/{company_id}/company_carriers (403 when the plan lacks carriers). */
export const handler = serve(endpoint, async ({ query, params, caller }) => listCompanyCarriers(caller, params.company_id, query));
