import { completeComparison as endpoint } from '../../../shared/api/completion';
import { companyContext } from '../../lib/tenancy/company-context';
import { completeComparison } from '../../lib/completion/complete';
import { serve } from '../../lib/http';

/** POST …/comparisons/{comparison_id}/complete {override?, note?}: COMPLETE when the checklist allows (400 with its blockers otherwise). */
export const handler = serve(endpoint, async ({ caller, params, body }) =>
  completeComparison(await companyContext(caller, params.company_id), params.comparison_id, body),
);
