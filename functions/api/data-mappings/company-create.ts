import { createCompanyDataMapping as endpoint } from '../../../shared/api/data-mappings';
import { createCompanyMapping } from '../../lib/comparisons/mappings';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';

/** POST /api/companies/{company_id}/data_mappings → 201. */
export const handler = serve(endpoint, async ({ caller, params, body }) => createCompanyMapping(await companyContext(caller, params.company_id), body));
