import { getCompanyExportTemplate as endpoint } from '../../../shared/api/completion';
import { companyContext } from '../../lib/tenancy/company-context';
import { getCompanyExportTemplate } from '../../lib/completion/export-columns';
import { serve } from '../../lib/http';

/** GET /api/companies/{company_id}/export_columns_templates/{export_columns_template_id}. */
export const handler = serve(endpoint, async ({ caller, params }) =>
  getCompanyExportTemplate(await companyContext(caller, params.company_id), params.export_columns_template_id),
);
