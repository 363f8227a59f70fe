import { abortFileUpload as endpoint } from '../../../shared/api/comparisons';
import { companyContext } from '../../lib/tenancy/company-context';
import { abortUpload } from '../../lib/comparisons/upload-parts';
import { noContent, serve } from '../../lib/http';

/** DELETE …/files/{file_id}/uploads/{upload_id} → 204; the parts and the declared File are gone. */
export const handler = serve(endpoint, async ({ caller, params }) => {
  await abortUpload(await companyContext(caller, params.company_id), params.comparison_id, params.file_id, params.upload_id);
  return noContent();
});
