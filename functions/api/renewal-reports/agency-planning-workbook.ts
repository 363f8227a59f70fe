import { agencyPlanningWorkbook as endpoint } from '../../../shared/api/renewal-reports';
import { serve } from '../../lib/http';
import { agencyScope } from '../../lib/renewals/list';
import { planningWindow, renewalPlanning } from '../../lib/renewals/planning';
import { planningWorkbook } from '../../lib/renewals/report-workbooks';

export const handler = serve(endpoint, async ({ caller, params, query }) => {
  const scope = await agencyScope(caller, params.agency_id);
  return planningWorkbook(await renewalPlanning(scope.organizationIds, planningWindow(query)), scope.name);
});
