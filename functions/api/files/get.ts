import { getFile as endpoint } from '../../../shared/api/comparisons';
import { getFile } from '../../lib/comparisons/files';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';

/** GET …/files/{file_id}: the File; while it is being read, its progress. */
export const handler = serve(endpoint, async ({ caller, params }) => getFile(await companyContext(caller, params.company_id), params.comparison_id, params.file_id));
