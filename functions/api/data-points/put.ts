import { z } from 'zod';
import { dataPointsPutSchema } from '../../../shared/schemas/data-point';
import { saveDataPoints } from '../../lib/comparisons/data-points';
import { companyContext } from '../../lib/comparisons/context';
import { route } from '../../lib/http';

/** PUT …/data_points: replaces the set; answers it with the identifier check and warnings. */
export const handler = route({ params: z.object({ company_id: z.string().min(1), comparison_id: z.string().min(1) }), body: dataPointsPutSchema }, async ({ caller, params, body }) =>
  saveDataPoints(await companyContext(caller, params.company_id), params.comparison_id, body),
);
