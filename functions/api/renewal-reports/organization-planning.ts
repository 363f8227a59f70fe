import { organizationRenewalPlanning as endpoint } from '../../../shared/api/renewal-reports';
import { serve } from '../../lib/http';
import { organizationScope } from '../../lib/renewals/list';
import { planningWindow, renewalPlanning } from '../../lib/renewals/planning';

export const handler = serve(endpoint, async ({ caller, params, query }) => {
  const scope = await organizationScope(caller, params.organization_id);
  return renewalPlanning(scope.organizationIds, planningWindow(query));
});
