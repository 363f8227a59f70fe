import { platformPlanningWorkbook as endpoint } from '../../../shared/api/renewal-reports';
import { serve } from '../../lib/http';
import { platformScope } from '../../lib/renewals/list';
import { planningWindow, renewalPlanning } from '../../lib/renewals/planning';
import { planningWorkbook } from '../../lib/renewals/report-workbooks';

export const handler = serve(endpoint, async ({ query }) => {
  const scope = await platformScope();
  return planningWorkbook(await renewalPlanning(scope.organizationIds, planningWindow(query)), scope.name);
});
