import { listComparisons as endpoint } from '../../../shared/api/comparisons';
import { listCompanyComparisons } from '../../lib/comparisons/comparisons';
import { companyKeyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';

/** GET /api/companies/{company_id}/comparisons → { items, next }, newest first. */
export const handler = serve(endpoint, async ({ caller, params, query }) => listCompanyComparisons(await companyKeyContext(caller, params.company_id), query));
