import { completeFileUpload as endpoint } from '../../../shared/api/comparisons';
import { companyContext } from '../../lib/tenancy/company-context';
import { completeUpload } from '../../lib/comparisons/upload-parts';
import { serve } from '../../lib/http';

/** POST …/files/{file_id}/uploads/{upload_id}/complete → the File, its bytes stored; 400 when the parts do not make the declared file. */
export const handler = serve(endpoint, async ({ caller, params, body }) =>
  completeUpload(await companyContext(caller, params.company_id), params.comparison_id, params.file_id, params.upload_id, body),
);
