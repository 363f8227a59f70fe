import { deactivateCompanyCarrier as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { deactivateCompanyCarrier } from '../../lib/hierarchy/company-carriers';

/** DELETE /api/companies/{company_id}/company_carriers/{company_carrier_id}: deactivates it. */
export const handler = serve(endpoint, async ({ params, caller }) => deactivateCompanyCarrier(caller, params.company_id, params.company_carrier_id));
