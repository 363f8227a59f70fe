import { getFileRows as endpoint } from '../../../shared/api/comparisons';
import { fileRows } from '../../lib/comparisons/files';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';

/** GET …/files/{file_id}/rows?limit=: the first parsed rows (preview), never the whole file. */
export const handler = serve(endpoint, async ({ caller, params, query }) => fileRows(await companyContext(caller, params.company_id), params.comparison_id, params.file_id, query.limit ?? 10));
