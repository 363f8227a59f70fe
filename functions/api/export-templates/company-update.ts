import { updateCompanyExportTemplate as endpoint } from '../../../shared/api/completion';
import { companyContext } from '../../lib/tenancy/company-context';
import { updateCompanyExportTemplate } from '../../lib/completion/export-columns';
import { serve } from '../../lib/http';

/** PATCH /api/companies/{company_id}/export_columns_templates/{export_columns_template_id} (stale updated_at → 409). */
export const handler = serve(endpoint, async ({ caller, params, body }) =>
  updateCompanyExportTemplate(await companyContext(caller, params.company_id), params.export_columns_template_id, body),
);
