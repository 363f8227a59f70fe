import { listCarrierFileConversions as endpoint } from '../../../shared/api/carrier-file-conversions';
import { listConversions } from '../../lib/carrier-file-conversions/conversions';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';

export const handler = serve(endpoint, async ({ caller, params }) => listConversions(await companyContext(caller, params.company_id)));
