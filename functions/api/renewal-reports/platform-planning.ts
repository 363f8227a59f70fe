import { platformRenewalPlanning as endpoint } from '../../../shared/api/renewal-reports';
import { serve } from '../../lib/http';
import { platformScope } from '../../lib/renewals/list';
import { planningWindow, renewalPlanning } from '../../lib/renewals/planning';

export const handler = serve(endpoint, async ({ query }) => {
  const scope = await platformScope();
  return renewalPlanning(scope.organizationIds, planningWindow(query));
});
