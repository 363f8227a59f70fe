import { z } from 'zod';
import { getComparison } from '../../lib/comparisons/comparisons';
import { companyContext } from '../../lib/comparisons/context';
import { route } from '../../lib/http';

/** GET /api/companies/{company_id}/comparisons/{comparison_id}: the comparison with its baseline_file and secondary_file. */
export const handler = route({ params: z.object({ company_id: z.string().min(1), comparison_id: z.string().min(1) }) }, async ({ caller, params }) =>
  getComparison(await companyContext(caller, params.company_id), params.comparison_id),
);
