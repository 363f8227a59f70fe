import { convertCarrierFile as endpoint } from '../../../shared/api/carrier-file-conversions';
import { convertConversion } from '../../lib/carrier-file-conversions/conversions';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';

/** Converts the uploaded original; 400 naming the columns or rows that stop it, nothing stored then. */
export const handler = serve(endpoint, async ({ caller, params }) => convertConversion(await companyContext(caller, params.company_id), params.conversion_id));
