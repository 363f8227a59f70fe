import { comparisonHistory as endpoint } from '../../../shared/api/audit';
import { comparisonHistory } from '../../lib/comparisons/history';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';

export const handler = serve(endpoint, async ({ caller, params, query }) => comparisonHistory(await companyContext(caller, params.company_id), params.comparison_id, query));
