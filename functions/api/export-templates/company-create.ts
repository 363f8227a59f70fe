import { createCompanyExportTemplate as endpoint } from '../../../shared/api/completion';
import { companyContext } from '../../lib/tenancy/company-context';
import { createCompanyExportTemplate } from '../../lib/completion/export-columns';
import { serve } from '../../lib/http';

/** POST /api/companies/{company_id}/export_columns_templates → 201. */
export const handler = serve(endpoint, async ({ caller, params, body }) => createCompanyExportTemplate(await companyContext(caller, params.company_id), body));
