import { getCompletion as endpoint } from '../../../shared/api/completion';
import { companyContext } from '../../lib/tenancy/company-context';
import { getCompletion } from '../../lib/completion/complete';
import { serve } from '../../lib/http';

/** GET …/comparisons/{comparison_id}/completion: the completion checklist (blockers, counts, verification). */
export const handler = serve(endpoint, async ({ caller, params }) => getCompletion(await companyContext(caller, params.company_id), params.comparison_id));
