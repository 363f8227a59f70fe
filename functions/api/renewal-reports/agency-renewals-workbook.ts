import { agencyRenewalsWorkbook as endpoint } from '../../../shared/api/renewal-reports';
import { serve } from '../../lib/http';
import { allRenewalsIn, agencyScope } from '../../lib/renewals/list';
import { organizationNames } from '../../lib/renewals/names';
import { renewalsWorkbook } from '../../lib/renewals/report-workbooks';

export const handler = serve(endpoint, async ({ caller, params, query }) => {
  const scope = await agencyScope(caller, params.agency_id);
  return renewalsWorkbook(await allRenewalsIn(scope, query), await organizationNames(scope.organizationIds), scope.name);
});
