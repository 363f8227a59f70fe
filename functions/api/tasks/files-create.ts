import { createTaskFile as endpoint } from '../../../shared/api/renewals';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';
import { createFile } from '../../lib/renewals/task-records';

export const handler = serve(endpoint, async ({ caller, params, body }) => createFile(await companyContext(caller, params.company_id), params.task_id, body));
