import { z } from 'zod';
import { deleteComparison } from '../../lib/comparisons/comparisons';
import { companyContext } from '../../lib/comparisons/context';
import { noContent, route } from '../../lib/http';

/** DELETE …/comparisons/{comparison_id}: only before completion → 204. */
export const handler = route({ params: z.object({ company_id: z.string().min(1), comparison_id: z.string().min(1) }) }, async ({ caller, params }) => {
  await deleteComparison(await companyContext(caller, params.company_id), params.comparison_id);
  return noContent();
});
