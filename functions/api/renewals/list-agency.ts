import { listAgencyRenewals as endpoint } from '../../../shared/api/renewals';
import { serve } from '../../lib/http';
import { agencyScope, listRenewalsIn } from '../../lib/renewals/list';

export const handler = serve(endpoint, async ({ caller, params, query }) => listRenewalsIn(await agencyScope(caller, params.agency_id), query));
