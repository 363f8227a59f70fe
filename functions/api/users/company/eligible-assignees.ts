import { z } from 'zod';
import { route } from '../../../lib/http';
import { companyInScope } from '../../../lib/scope';
import { eligibleAssignees } from '../../../lib/users/read';

/** GET /api/companies/{company_id}/eligible_assignees: who may audit or verify this company's comparisons. */
export const handler = route({ params: z.object({ company_id: z.string().min(1) }) }, async ({ caller, params }) => {
  const company = await companyInScope(caller, params.company_id);
  return eligibleAssignees(company);
});
