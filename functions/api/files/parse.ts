import { parseFile as endpoint } from '../../../shared/api/comparisons';
import { parseUploadedFile } from '../../lib/comparisons/files';
import { companyContext } from '../../lib/tenancy/company-context';
import { config } from '../../lib/config';
import { accepted, serve } from '../../lib/http';

/**
 * POST …/files/{file_id}/parse: starts reading the uploaded object into parsed rows. 200 with the
 * File when the read finished within the wait; 202 with the File in PARSING when it is still going
 * (poll GET …/files/{file_id}). `?wait=false` answers 202 at once (the page shows progress).
 */
export const handler = serve(endpoint, async ({ caller, params, query, body }) => {
  const waitSeconds = query.wait === 'false' ? 0 : config.parseWaitSeconds;
  const parsed = await parseUploadedFile(await companyContext(caller, params.company_id), params.comparison_id, params.file_id, body, waitSeconds);
  return parsed.done ? parsed.file : accepted(parsed.file);
});
