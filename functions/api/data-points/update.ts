import { updateDataPoint as endpoint } from '../../../shared/api/comparisons';
import { updateDataPoint } from '../../lib/comparisons/data-points';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';

/** PATCH …/data_points/{data_point_id}: mapping, date format, calculation or tolerance of one data point. */
export const handler = serve(endpoint, async ({ caller, params, body }) =>
  updateDataPoint(await companyContext(caller, params.company_id), params.comparison_id, params.data_point_id, body),
);
