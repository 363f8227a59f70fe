import { deleteTaskFile as endpoint } from '../../../shared/api/renewals';
import { companyContext } from '../../lib/tenancy/company-context';
import { noContent, serve } from '../../lib/http';
import { deleteFile } from '../../lib/renewals/task-records';

export const handler = serve(endpoint, async ({ caller, params }) => {
  await deleteFile(await companyContext(caller, params.company_id), params.task_id, params.file_id);
  return noContent();
});
