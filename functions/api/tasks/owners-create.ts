import { addTaskOwner as endpoint } from '../../../shared/api/renewals';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';
import { addOwner } from '../../lib/renewals/task-people';

export const handler = serve(endpoint, async ({ caller, params, body }) => addOwner(await companyContext(caller, params.company_id), params.task_id, body.user_id));
