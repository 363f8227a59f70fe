import { getExportColumns as endpoint } from '../../../shared/api/completion';
import { companyContext } from '../../lib/tenancy/company-context';
import { getExportColumns } from '../../lib/completion/export-columns';
import { serve } from '../../lib/http';

/** GET …/comparisons/{comparison_id}/export_columns → { items, plan, missing }. */
export const handler = serve(endpoint, async ({ caller, params }) => getExportColumns(await companyContext(caller, params.company_id), params.comparison_id));
