import { deleteCompanyExportTemplate as endpoint } from '../../../shared/api/completion';
import { companyContext } from '../../lib/tenancy/company-context';
import { deleteCompanyExportTemplate } from '../../lib/completion/export-columns';
import { noContent, serve } from '../../lib/http';

/** DELETE /api/companies/{company_id}/export_columns_templates/{export_columns_template_id} → 204. */
export const handler = serve(endpoint, async ({ caller, params }) => {
  await deleteCompanyExportTemplate(await companyContext(caller, params.company_id), params.export_columns_template_id);
  return noContent();
});
