import { listCompanyExportTemplates as endpoint } from '../../../shared/api/completion';
import { companyContext } from '../../lib/tenancy/company-context';
import { listCompanyExportTemplates } from '../../lib/completion/export-columns';
import { serve } from '../../lib/http';

/** GET /api/companies/{company_id}/export_columns_templates: the company's and its organization's. */
export const handler = serve(endpoint, async ({ caller, params }) => listCompanyExportTemplates(await companyContext(caller, params.company_id)));
