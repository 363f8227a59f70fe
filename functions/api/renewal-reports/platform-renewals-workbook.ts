import { platformRenewalsWorkbook as endpoint } from '../../../shared/api/renewal-reports';
import { serve } from '../../lib/http';
import { allRenewalsIn, platformScope } from '../../lib/renewals/list';
import { organizationNames } from '../../lib/renewals/names';
import { renewalsWorkbook } from '../../lib/renewals/report-workbooks';

export const handler = serve(endpoint, async ({ query }) => {
  const scope = await platformScope();
  return renewalsWorkbook(await allRenewalsIn(scope, query), await organizationNames(scope.organizationIds), scope.name);
});
