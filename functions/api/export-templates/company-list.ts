import { z } from 'zod';
import { companyContext } from '../../lib/comparisons/context';
import { listCompanyExportTemplates } from '../../lib/completion/export-columns';
import { route } from '../../lib/http';

/** GET /api/companies/{company_id}/export_columns_templates: the company's and its organization's. */
export const handler = route({ params: z.object({ company_id: z.string().min(1) }) }, async ({ caller, params }) => listCompanyExportTemplates(await companyContext(caller, params.company_id)));
