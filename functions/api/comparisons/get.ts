import { getComparison as endpoint } from '../../../shared/api/comparisons';
import { getComparison } from '../../lib/comparisons/comparisons';
import { companyKeyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';

/** GET /api/companies/{company_id}/comparisons/{comparison_id}: the comparison with its baseline_file and secondary_file. */
export const handler = serve(endpoint, async ({ caller, params }) => getComparison(await companyKeyContext(caller, params.company_id), params.comparison_id));
