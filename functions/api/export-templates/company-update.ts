import { z } from 'zod';
import { exportColumnsTemplateUpdateSchema } from '../../../shared/schemas/export-columns';
import { companyContext } from '../../lib/comparisons/context';
import { updateCompanyExportTemplate } from '../../lib/completion/export-columns';
import { route } from '../../lib/http';

/** PATCH /api/companies/{company_id}/export_columns_templates/{export_columns_template_id} (stale updated_at → 409). */
export const handler = route({ params: z.object({ company_id: z.string().min(1), export_columns_template_id: z.string().min(1) }), body: exportColumnsTemplateUpdateSchema }, async ({ caller, params, body }) =>
  updateCompanyExportTemplate(await companyContext(caller, params.company_id), params.export_columns_template_id, body),
);
