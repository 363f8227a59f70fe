import { listDataPointMerges } from '../../../shared/api/verification';
import { db } from '../../lib/db/service';
import { serve } from '../../lib/http';
import { comparisonInScope, pageOf, ssnDataPoints } from '../../lib/compare-runs/results-read';
import { maskMergeValue } from '../../lib/verification/verification';

/**
 * GET /api/companies/{company_id}/comparisons/{comparison_id}/data_point_merges?limit=&cursor=
 * → { items, next }: the values resolved discrepancies put into the merged data set (SSN values masked).
 */
export const handler = serve(listDataPointMerges, async ({ params, query, caller }) => {
  const comparison = await comparisonInScope(caller, params.company_id, params.comparison_id);
  const page = await pageOf(
    db().entities.dataPointMerge.query.byComparison({ company_id: comparison.company_id, comparison_id: comparison.id }),
    query.limit,
    query.cursor,
  );
  const ssnPoints = ssnDataPoints(comparison.summary);
  return { items: page.items.map((m) => maskMergeValue(m, ssnPoints)), next: page.next };
});
