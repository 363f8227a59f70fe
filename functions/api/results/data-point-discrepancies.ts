import { z } from 'zod';
import { db } from '../../lib/db/service';
import { route } from '../../lib/http';
import { booleanQuery, comparisonInScope, maskDiscrepancy, pageOf, pageQuery, resultParams, ssnDataPoints } from '../../lib/compare/results-read';

/**
 * GET /api/companies/{company_id}/comparisons/{comparison_id}/data_point_discrepancies
 *   ?data_point_id=  one data point (its own index)
 *   ?type=           suggested or resolved discrepancy type (UNCLASSIFIED: neither)
 *   ?resolved=       true / false
 *   ?skipverification=true  include the discrepancies marked skip_verification (left out otherwise)
 *   ?limit=&cursor=  → { items, next }
 * SSNs (the identifier and any SSN value) are masked but their last four digits.
 */
const query = z.object({
  ...pageQuery,
  data_point_id: z.string().min(1).optional(),
  type: z.string().min(1).max(64).optional(),
  skipverification: booleanQuery,
});

export const handler = route({ params: resultParams, query }, async ({ params, query, caller }) => {
  const comparison = await comparisonInScope(caller, params.company_id, params.comparison_id);
  const entity = db().entities.dataPointDiscrepancy;
  const key = { company_id: comparison.company_id, comparison_id: comparison.id };
  const base = query.data_point_id ? entity.query.byDataPoint({ ...key, data_point_id: query.data_point_id }) : entity.query.byComparison(key);
  const filtered = base.where((a, op) => {
    const clauses: string[] = [];
    if (!query.skipverification) clauses.push(`(${op.notExists(a.skip_verification)} OR ${op.eq(a.skip_verification, false)})`);
    if (query.resolved === true) clauses.push(op.exists(a.resolved_date));
    if (query.resolved === false) clauses.push(op.notExists(a.resolved_date));
    if (query.type === 'UNCLASSIFIED') clauses.push(`${op.notExists(a.suggested_type)} AND ${op.notExists(a.resolved_discrepancy_type)}`);
    else if (query.type) clauses.push(`(${op.eq(a.resolved_discrepancy_type, query.type)} OR (${op.notExists(a.resolved_discrepancy_type)} AND ${op.eq(a.suggested_type, query.type)}))`);
    return clauses.join(' AND ');
  });
  const page = await pageOf(filtered, query.limit, query.cursor);
  const ssnPoints = ssnDataPoints(comparison.summary);
  return { items: page.items.map((item) => maskDiscrepancy(item, ssnPoints)), next: page.next };
});
