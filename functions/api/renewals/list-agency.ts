import { listAgencyRenewals as endpoint } from '../../../shared/api/renewals';
import { serve } from '../../lib/http';
import { listAgencyRenewals } from '../../lib/renewals/list';

export const handler = serve(endpoint, async ({ caller, params, query }) => listAgencyRenewals(caller, params.agency_id, query));
