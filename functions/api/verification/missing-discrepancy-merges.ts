import { listMissingMerges } from '../../../shared/api/verification';
import { db } from '../../lib/db/service';
import { serve } from '../../lib/http';
import { comparisonInScope, pageOf, ssnDataPoints } from '../../lib/compare-runs/results-read';
import { maskMergeValue } from '../../lib/verification/verification';

/**
 * GET /api/companies/{company_id}/comparisons/{comparison_id}/missing_discrepancy_merges
 *   ?missing_discrepancy_id=  one row's merges
 *   ?limit=&cursor=  → { items, next } (SSN values masked)
 */
export const handler = serve(listMissingMerges, async ({ params, query, caller }) => {
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
