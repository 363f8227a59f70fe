import { createComparison as endpoint } from '../../../shared/api/comparisons';
import { createComparison } from '../../lib/comparisons/comparisons';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';

/** POST /api/companies/{company_id}/comparisons → 201, step IMPORT_DATA. */
export const handler = serve(endpoint, async ({ caller, params, body }) => createComparison(await companyContext(caller, params.company_id), body));
