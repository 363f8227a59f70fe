import { z } from 'zod';
import { companyContext } from '../../lib/comparisons/context';
import { getCompletion } from '../../lib/completion/complete';
import { route } from '../../lib/http';

/** GET …/comparisons/{comparison_id}/completion: the completion checklist (blockers, counts, verification). */
export const handler = route({ params: z.object({ company_id: z.string().min(1), comparison_id: z.string().min(1) }) }, async ({ caller, params }) =>
  getCompletion(await companyContext(caller, params.company_id), params.comparison_id),
);
