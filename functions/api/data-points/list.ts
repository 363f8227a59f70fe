import { listDataPoints as endpoint } from '../../../shared/api/comparisons';
import { listDataPoints } from '../../lib/comparisons/data-points-list';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';

/** GET …/comparisons/{comparison_id}/data_points → { items, next } in the chosen order. */
export const handler = serve(endpoint, async ({ caller, params }) => listDataPoints(await companyContext(caller, params.company_id), params.comparison_id));
