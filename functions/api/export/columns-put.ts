import { putExportColumns as endpoint } from '../../../shared/api/completion';
import { companyContext } from '../../lib/tenancy/company-context';
import { putExportColumns } from '../../lib/completion/export-columns';
import { serve } from '../../lib/http';

/** PUT …/comparisons/{comparison_id}/export_columns: replaces the list (empty = every baseline column). */
export const handler = serve(endpoint, async ({ caller, params, body }) =>
  putExportColumns(await companyContext(caller, params.company_id), params.comparison_id, body),
);
