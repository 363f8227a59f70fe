import { updateRenewalPlan as endpoint } from '../../../shared/api/renewals';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';
import { updateRenewalPlan } from '../../lib/renewals/update';

export const handler = serve(endpoint, async ({ caller, params, body }) =>
  updateRenewalPlan(await companyContext(caller, params.company_id), params.renewal_id, params.renewal_plan_id, body),
);
