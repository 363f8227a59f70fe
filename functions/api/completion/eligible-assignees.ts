import { z } from 'zod';
import { companyContext } from '../../lib/comparisons/context';
import { comparisonEligibleAssignees } from '../../lib/completion/people';
import { route } from '../../lib/http';

/** GET …/comparisons/{comparison_id}/eligible_assignees: who may be auditor or verifier, and who is now. */
export const handler = route({ params: z.object({ company_id: z.string().min(1), comparison_id: z.string().min(1) }) }, async ({ caller, params }) =>
  comparisonEligibleAssignees(await companyContext(caller, params.company_id), params.comparison_id),
);
