import { updateCompanyCarrier as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { updateCompanyCarrier } from '../../lib/hierarchy/company-carriers';

/** PATCH /api/companies/{company_id}/company_carriers/{company_carrier_id}: conditional on updated_at (stale → 409). */
export const handler = serve(endpoint, async ({ body, params, caller }) => updateCompanyCarrier(caller, params.company_id, params.company_carrier_id, body));
