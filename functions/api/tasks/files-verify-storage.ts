import { verifyTaskFileStorage as endpoint } from '../../../shared/api/renewals';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';
import { verifyFileStorage } from '../../lib/renewals/task-records';

export const handler = serve(endpoint, async ({ caller, params }) => verifyFileStorage(await companyContext(caller, params.company_id), params.task_id, params.file_id));
