import { z } from 'zod';
import { listCompanyComparisons } from '../../lib/comparisons/comparisons';
import { comparisonListQuery } from '../../lib/comparisons/paging';
import { companyContext } from '../../lib/comparisons/context';
import { route } from '../../lib/http';

/** GET /api/companies/{company_id}/comparisons → { items, next }, newest first. */
export const handler = route({ params: z.object({ company_id: z.string().min(1) }), query: comparisonListQuery }, async ({ caller, params, query }) =>
  listCompanyComparisons(await companyContext(caller, params.company_id), query),
);
