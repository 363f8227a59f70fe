import { z } from 'zod';
import { dataPointValues } from '../../lib/comparisons/values';
import { companyContext } from '../../lib/comparisons/context';
import { route } from '../../lib/http';

/** GET …/data_points/{data_point_id}/values: distinct carrier values with counts and their mapping state. */
export const handler = route({ params: z.object({ company_id: z.string().min(1), comparison_id: z.string().min(1), data_point_id: z.string().min(1) }) }, async ({ caller, params }) =>
  dataPointValues(await companyContext(caller, params.company_id), params.comparison_id, params.data_point_id),
);
