import { addTaskAssignee as endpoint } from '../../../shared/api/renewals';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';
import { addAssignee } from '../../lib/renewals/task-people';

export const handler = serve(endpoint, async ({ caller, params, body }) => addAssignee(await companyContext(caller, params.company_id), params.task_id, body.step, body.user_id));
