import { downloadCarrierFileConversion as endpoint } from '../../../shared/api/carrier-file-conversions';
import { downloadConversion } from '../../lib/carrier-file-conversions/conversions';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';

export const handler = serve(endpoint, async ({ caller, params }) => downloadConversion(await companyContext(caller, params.company_id), params.conversion_id));
