import { removeTaskOwner as endpoint } from '../../../shared/api/renewals';
import { companyContext } from '../../lib/tenancy/company-context';
import { noContent, serve } from '../../lib/http';
import { removeOwner } from '../../lib/renewals/task-people';

export const handler = serve(endpoint, async ({ caller, params }) => {
  await removeOwner(await companyContext(caller, params.company_id), params.task_id, params.owner_id);
  return noContent();
});
