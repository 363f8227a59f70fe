import { deleteCarrierFileConversion as endpoint } from '../../../shared/api/carrier-file-conversions';
import { deleteConversion } from '../../lib/carrier-file-conversions/conversions';
import { companyContext } from '../../lib/tenancy/company-context';
import { noContent, serve } from '../../lib/http';

/** DELETE …/carrier_file_conversions/{conversion_id}: the objects, the record and an audit event → 204. */
export const handler = serve(endpoint, async ({ caller, params }) => {
  await deleteConversion(await companyContext(caller, params.company_id), params.conversion_id);
  return noContent();
});
