import { z } from 'zod';
import { exportColumnsTemplateCreateSchema } from '../../../shared/schemas/export-columns';
import { companyContext } from '../../lib/comparisons/context';
import { createCompanyExportTemplate } from '../../lib/completion/export-columns';
import { created, route } from '../../lib/http';

/** POST /api/companies/{company_id}/export_columns_templates → 201. */
export const handler = route({ params: z.object({ company_id: z.string().min(1) }), body: exportColumnsTemplateCreateSchema }, async ({ caller, params, body }) =>
  created(await createCompanyExportTemplate(await companyContext(caller, params.company_id), body)),
);
