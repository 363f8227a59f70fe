import { sendToAuditor } from '../../../shared/api/completion';
import { companyContext } from '../../lib/tenancy/company-context';
import { sendComparisonTo } from '../../lib/completion/people';
import { serve } from '../../lib/http';

/** POST …/comparisons/{comparison_id}/send_to_auditor: e-mails the assigned auditor (COMPARISON_TO_AUDITOR). */
export const handler = serve(sendToAuditor, async ({ caller, params }) =>
  sendComparisonTo(await companyContext(caller, params.company_id), params.comparison_id, 'AUDITOR'),
);
