import { getComparisonAssignees } from '../../../shared/api/completion';
import { companyContext } from '../../lib/tenancy/company-context';
import { comparisonEligibleAssignees } from '../../lib/completion/people';
import { serve } from '../../lib/http';

/** GET …/comparisons/{comparison_id}/eligible_assignees: who may be auditor or verifier, and who is now. */
export const handler = serve(getComparisonAssignees, async ({ caller, params }) =>
  comparisonEligibleAssignees(await companyContext(caller, params.company_id), params.comparison_id),
);
