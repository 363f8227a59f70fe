import { createCorrectionFile as endpoint } from '../../../shared/api/completion';
import { companyContext } from '../../lib/tenancy/company-context';
import { writeCorrectionFile } from '../../lib/completion/correction-file';
import { serve } from '../../lib/http';

/** POST …/comparisons/{comparison_id}/correction_files {format: XLSX|X12_834} → { url, file_name, rows }. */
export const handler = serve(endpoint, async ({ caller, params, body }) => writeCorrectionFile(await companyContext(caller, params.company_id), params.comparison_id, body.format));
