import { listAllRenewals as endpoint } from '../../../shared/api/renewals';
import { serve } from '../../lib/http';
import { listAllRenewals } from '../../lib/renewals/list';

export const handler = serve(endpoint, async ({ query }) => listAllRenewals(query));
