import { listOrganizationRenewals as endpoint } from '../../../shared/api/renewals';
import { serve } from '../../lib/http';
import { listRenewalsIn, organizationScope } from '../../lib/renewals/list';

export const handler = serve(endpoint, async ({ caller, params, query }) => listRenewalsIn(await organizationScope(caller, params.organization_id), query));
