import { z } from 'zod';
import { companyContext } from '../../lib/comparisons/context';
import { sendComparisonTo } from '../../lib/completion/people';
import { route } from '../../lib/http';

/** POST …/comparisons/{comparison_id}/send_to_verifier: e-mails the assigned verifier (COMPARISON_TO_VERIFIER). */
export const handler = route({ params: z.object({ company_id: z.string().min(1), comparison_id: z.string().min(1) }) }, async ({ caller, params }) =>
  sendComparisonTo(await companyContext(caller, params.company_id), params.comparison_id, 'VERIFIER'),
);
