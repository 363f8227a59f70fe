import { resendRenewalKickoff as endpoint } from '../../../shared/api/renewals';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';
import { resendKickoff } from '../../lib/renewals/kickoff';

export const handler = serve(endpoint, async ({ caller, params }) => resendKickoff(await companyContext(caller, params.company_id), params.renewal_id));
