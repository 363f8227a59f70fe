import { createCarrierFileConversion as endpoint } from '../../../shared/api/carrier-file-conversions';
import { createConversion } from '../../lib/carrier-file-conversions/conversions';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';

/** 201 { conversion, upload_url }; 400 for a file that cannot be converted, 413 above the upload limit. */
export const handler = serve(endpoint, async ({ caller, params, body }) => createConversion(await companyContext(caller, params.company_id), body));
