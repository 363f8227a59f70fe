import { z } from 'zod';
import { companyContext } from '../../lib/comparisons/context';
import { deleteCompanyExportTemplate } from '../../lib/completion/export-columns';
import { noContent, route } from '../../lib/http';

/** DELETE /api/companies/{company_id}/export_columns_templates/{export_columns_template_id} → 204. */
export const handler = route({ params: z.object({ company_id: z.string().min(1), export_columns_template_id: z.string().min(1) }) }, async ({ caller, params }) => {
  await deleteCompanyExportTemplate(await companyContext(caller, params.company_id), params.export_columns_template_id);
  return noContent();
});
