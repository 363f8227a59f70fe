import { sendToVerifier } from '../../../shared/api/completion';
import { companyContext } from '../../lib/tenancy/company-context';
import { sendComparisonTo } from '../../lib/completion/people';
import { serve } from '../../lib/http';

/** POST …/comparisons/{comparison_id}/send_to_verifier: e-mails the assigned verifier (COMPARISON_TO_VERIFIER). */
export const handler = serve(sendToVerifier, async ({ caller, params }) =>
  sendComparisonTo(await companyContext(caller, params.company_id), params.comparison_id, 'VERIFIER'),
);
