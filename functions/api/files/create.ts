import { createFileUpload as endpoint } from '../../../shared/api/comparisons';
import { createUpload } from '../../lib/comparisons/files';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';

/** POST …/comparisons/{comparison_id}/files → 201 { file, upload_url or multipart }; 400 wrong extension, 413 above 5 GB. */
export const handler = serve(endpoint, async ({ caller, params, body }) => createUpload(await companyContext(caller, params.company_id), params.comparison_id, body));
