import { listCompanyEligibleAssignees as endpoint } from '../../../../shared/api/users';
import { serve } from '../../../lib/http';
import { companyInScope } from '../../../lib/tenancy/scope';
import { eligibleAssignees } from '../../../lib/users/read';

/** GET /api/companies/{company_id}/eligible_assignees: who may audit or verify this company's comparisons. */
export const handler = serve(endpoint, async ({ caller, params }) => eligibleAssignees(await companyInScope(caller, params.company_id)));
