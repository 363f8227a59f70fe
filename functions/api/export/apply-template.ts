import { applyExportTemplate as endpoint } from '../../../shared/api/completion';
import { companyContext } from '../../lib/tenancy/company-context';
import { applyExportTemplate } from '../../lib/completion/export-columns';
import { serve } from '../../lib/http';

/** POST …/comparisons/{comparison_id}/export_columns/apply_template {template_id}: the template's columns replace the list. */
export const handler = serve(endpoint, async ({ caller, params, body }) =>
  applyExportTemplate(await companyContext(caller, params.company_id), params.comparison_id, body.template_id),
);
