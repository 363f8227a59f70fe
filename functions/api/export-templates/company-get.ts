import { z } from 'zod';
import { companyContext } from '../../lib/comparisons/context';
import { getCompanyExportTemplate } from '../../lib/completion/export-columns';
import { route } from '../../lib/http';

/** GET /api/companies/{company_id}/export_columns_templates/{export_columns_template_id}. */
export const handler = route({ params: z.object({ company_id: z.string().min(1), export_columns_template_id: z.string().min(1) }) }, async ({ caller, params }) =>
  getCompanyExportTemplate(await companyContext(caller, params.company_id), params.export_columns_template_id),
);
