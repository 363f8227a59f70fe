import { listTaskNotes as endpoint } from '../../../shared/api/renewals';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';
import { listNotes } from '../../lib/renewals/task-records';

export const handler = serve(endpoint, async ({ caller, params, query }) => listNotes(await companyContext(caller, params.company_id), params.task_id, query));
