import { putDataPoints as endpoint } from '../../../shared/api/comparisons';
import { saveDataPoints } from '../../lib/comparisons/data-points';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';

/** PUT …/data_points: replaces the set; answers it with the identifier check and warnings. */
export const handler = serve(endpoint, async ({ caller, params, body }) => saveDataPoints(await companyContext(caller, params.company_id), params.comparison_id, body));
