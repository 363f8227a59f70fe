import { listCompanyRenewals as endpoint } from '../../../shared/api/renewals';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';
import { listCompanyRenewals } from '../../lib/renewals/list';

export const handler = serve(endpoint, async ({ caller, params, query }) => listCompanyRenewals(await companyContext(caller, params.company_id), query));
