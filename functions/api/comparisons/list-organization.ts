import { z } from 'zod';
import { listOrganizationComparisons } from '../../lib/comparisons/comparisons';
import { comparisonListQuery } from '../../lib/comparisons/paging';
import { route } from '../../lib/http';

/** GET /api/organizations/{organization_id}/comparisons → { items, next } (optional ?company_id). */
export const handler = route({ params: z.object({ organization_id: z.string().min(1) }), query: comparisonListQuery }, async ({ caller, params, query }) =>
  listOrganizationComparisons(caller, params.organization_id, query),
);
