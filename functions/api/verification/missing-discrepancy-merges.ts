import { z } from 'zod';
import { db } from '../../lib/db/service';
import { route } from '../../lib/http';
import { comparisonInScope, pageOf, pageQuery, resultParams, ssnDataPoints } from '../../lib/compare/results-read';
import { maskMergeValue } from '../../lib/verification/verification';

const query = z.object({ limit: pageQuery.limit, cursor: pageQuery.cursor, missing_discrepancy_id: z.string().min(1).optional() });

/**
 * GET /api/companies/{company_id}/comparisons/{comparison_id}/missing_discrepancy_merges
 *   ?missing_discrepancy_id=  one row's merges
 *   ?limit=&cursor=  → { items, next } (SSN values masked)
 */
export const handler = route({ params: resultParams, query }, async ({ params, query, caller }) => {
  const comparison = await comparisonInScope(caller, params.company_id, params.comparison_id);
  const key = { company_id: comparison.company_id, comparison_id: comparison.id };
  const entity = db().entities.missingDiscrepancyMerge;
  const q = query.missing_discrepancy_id
    ? entity.query.byComparison({ ...key, missing_discrepancy_id: query.missing_discrepancy_id })
    : entity.query.byComparison(key);
  const page = await pageOf(q, query.limit, query.cursor);
  const ssnPoints = ssnDataPoints(comparison.summary);
  return { items: page.items.map((m) => maskMergeValue(m, ssnPoints)), next: page.next };
});
