import { listOrganizationRenewals as endpoint } from '../../../shared/api/renewals';
import { serve } from '../../lib/http';
import { listOrganizationRenewals } from '../../lib/renewals/list';

export const handler = serve(endpoint, async ({ caller, params, query }) => listOrganizationRenewals(caller, params.organization_id, query));
