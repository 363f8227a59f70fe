import { taskFileDownloadUrl as endpoint } from '../../../shared/api/renewals';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';
import { fileDownloadUrl } from '../../lib/renewals/task-records';

export const handler = serve(endpoint, async ({ caller, params }) => fileDownloadUrl(await companyContext(caller, params.company_id), params.task_id, params.file_id));
