import { listOrganizationComparisons as endpoint } from '../../../shared/api/comparisons';
import { listOrganizationComparisons } from '../../lib/comparisons/comparisons';
import { serve } from '../../lib/http';

/** GET /api/organizations/{organization_id}/comparisons → { items, next } (optional ?company_id). */
export const handler = serve(endpoint, async ({ caller, params, query }) => listOrganizationComparisons(caller, params.organization_id, query));
