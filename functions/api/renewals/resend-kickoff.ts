import { resendRenewalKickoff as endpoint } from '../../../shared/api/renewals';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';
import { idempotent } from '../../lib/idempotency';
import { resendKickoff } from '../../lib/renewals/kickoff';

/** A double press or a retried request sends the kickoff e-mails once (lib/idempotency.ts). */
export const handler = serve(
  endpoint,
  idempotent(endpoint, async ({ caller, params }) => resendKickoff(await companyContext(caller, params.company_id), params.renewal_id), { withoutKey: 'body' }),
);
