import { completeTaskAssignee as endpoint } from '../../../shared/api/renewals';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';
import { changeAssignee } from '../../lib/renewals/task-people';

export const handler = serve(endpoint, async ({ caller, params }) => changeAssignee(await companyContext(caller, params.company_id), params.task_id, params.assignee_id, 'complete'));
