import { createRenewal as endpoint } from '../../../shared/api/renewals';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';
import { createRenewal } from '../../lib/renewals/create';

export const handler = serve(endpoint, async ({ caller, params, body }) => createRenewal(await companyContext(caller, params.company_id), body));
