import { listAllRenewals as endpoint } from '../../../shared/api/renewals';
import { serve } from '../../lib/http';
import { listRenewalsIn, platformScope } from '../../lib/renewals/list';

export const handler = serve(endpoint, async ({ query }) => listRenewalsIn(await platformScope(), query));
