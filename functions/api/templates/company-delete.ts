import { deleteCompanyDataPointsTemplate as endpoint } from '../../../shared/api/comparisons';
import { deleteCompanyTemplate } from '../../lib/comparisons/templates';
import { companyContext } from '../../lib/tenancy/company-context';
import { noContent, serve } from '../../lib/http';

/** DELETE /api/companies/{company_id}/data_points_templates/{data_points_template_id} → 204. */
export const handler = serve(endpoint, async ({ caller, params }) => {
  await deleteCompanyTemplate(await companyContext(caller, params.company_id), params.data_points_template_id);
  return noContent();
});
