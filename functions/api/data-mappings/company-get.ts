import { getCompanyDataMapping as endpoint } from '../../../shared/api/data-mappings';
import { getCompanyMapping } from '../../lib/comparisons/mappings';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';

/** GET /api/companies/{company_id}/data_mappings/{data_mapping_id}. */
export const handler = serve(endpoint, async ({ caller, params }) => getCompanyMapping(await companyContext(caller, params.company_id), params.data_mapping_id));
