import { z } from 'zod';
import { dataPointUpdateSchema } from '../../../shared/schemas/data-point';
import { updateDataPoint } from '../../lib/comparisons/data-points';
import { companyContext } from '../../lib/comparisons/context';
import { route } from '../../lib/http';

/** PATCH …/data_points/{data_point_id}: mapping, date format, calculation or tolerance of one data point. */
export const handler = route(
  { params: z.object({ company_id: z.string().min(1), comparison_id: z.string().min(1), data_point_id: z.string().min(1) }), body: dataPointUpdateSchema },
  async ({ caller, params, body }) => updateDataPoint(await companyContext(caller, params.company_id), params.comparison_id, params.data_point_id, body),
);
