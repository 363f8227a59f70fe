import { createCompanyCarrier as endpoint } from '../../../shared/api/hierarchy';
import { serve } from '../../lib/http';
import { createCompanyCarrier } from '../../lib/hierarchy/company-carriers';

/** POST /api/companies/{company_id}/company_carriers: 201 with the new company carrier. */
export const handler = serve(endpoint, async ({ body, params, caller }) => createCompanyCarrier(caller, params.company_id, body));
