import { listCompanyDataMappings as endpoint } from '../../../shared/api/data-mappings';
import { listCompanyMappings } from '../../lib/comparisons/mappings';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';

/** GET /api/companies/{company_id}/data_mappings. */
export const handler = serve(endpoint, async ({ caller, params }) => listCompanyMappings(await companyContext(caller, params.company_id)));
