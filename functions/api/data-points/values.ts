import { getDataPointValues as endpoint } from '../../../shared/api/comparisons';
import { dataPointValues } from '../../lib/comparisons/values';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';

/** GET …/data_points/{data_point_id}/values: distinct carrier values with counts and their mapping state. */
export const handler = serve(endpoint, async ({ caller, params }) => dataPointValues(await companyContext(caller, params.company_id), params.comparison_id, params.data_point_id));
