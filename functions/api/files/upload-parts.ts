import { signFileUploadParts as endpoint } from '../../../shared/api/comparisons';
import { companyContext } from '../../lib/tenancy/company-context';
import { signUploadParts } from '../../lib/comparisons/upload-parts';
import { serve } from '../../lib/http';

/** POST …/files/{file_id}/uploads/{upload_id}/parts → presigned PUTs of the parts asked for. */
export const handler = serve(endpoint, async ({ caller, params, body }) =>
  signUploadParts(await companyContext(caller, params.company_id), params.comparison_id, params.file_id, params.upload_id, body),
);
