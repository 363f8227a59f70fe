import { getCompanyCarrier as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { getCompanyCarrier } from '../../lib/hierarchy/company-carriers';

/** GET /api/companies/{company_id}/company_carriers/{company_carrier_id}. */
export const handler = serve(endpoint, async ({ params, caller }) => getCompanyCarrier(caller, params.company_id, params.company_carrier_id));
