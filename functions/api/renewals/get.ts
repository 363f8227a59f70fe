import { getRenewal as endpoint } from '../../../shared/api/renewals';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';
import { loadRenewal } from '../../lib/renewals/context';
import { renewalDetail } from '../../lib/renewals/views';

export const handler = serve(endpoint, async ({ caller, params }) => {
  const ctx = await companyContext(caller, params.company_id);
  return renewalDetail(ctx, await loadRenewal(ctx, params.renewal_id));
});
