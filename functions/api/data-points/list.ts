import { z } from 'zod';
import { listDataPoints } from '../../lib/comparisons/data-points';
import { companyContext } from '../../lib/comparisons/context';
import { route } from '../../lib/http';

/** GET …/comparisons/{comparison_id}/data_points → { items, next } in the chosen order. */
export const handler = route({ params: z.object({ company_id: z.string().min(1), comparison_id: z.string().min(1) }) }, async ({ caller, params }) =>
  listDataPoints(await companyContext(caller, params.company_id), params.comparison_id),
);
