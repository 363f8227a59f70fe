import { updateRenewal as endpoint } from '../../../shared/api/renewals';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';
import { updateRenewal } from '../../lib/renewals/update';

export const handler = serve(endpoint, async ({ caller, params, body }) => updateRenewal(await companyContext(caller, params.company_id), params.renewal_id, body));
