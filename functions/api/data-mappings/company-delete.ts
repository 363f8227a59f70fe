import { deleteCompanyDataMapping as endpoint } from '../../../shared/api/data-mappings';
import { deleteCompanyMapping } from '../../lib/comparisons/mappings';
import { companyContext } from '../../lib/tenancy/company-context';
import { noContent, serve } from '../../lib/http';

/** DELETE /api/companies/{company_id}/data_mappings/{data_mapping_id} → 204. */
export const handler = serve(endpoint, async ({ caller, params }) => {
  await deleteCompanyMapping(await companyContext(caller, params.company_id), params.data_mapping_id);
  return noContent();
});
