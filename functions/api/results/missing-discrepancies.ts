import { listMissingRows } from '../../../shared/api/results';
import { withPlainItems } from '../../lib/db/plain-items';
import { db } from '../../lib/db/service';
import { serve } from '../../lib/http';
import { resultsViewInScope, maskPerson, pageOf, publishedRunId } from '../../lib/compare-runs/results-read';

/**
 * GET /api/companies/{company_id}/comparisons/{comparison_id}/missing_discrepancies
 *   ?kind=      MISSING_IN_SECONDARY (only in baseline), MISSING_IN_BASELINE (only at carrier), DUPLICATE
 *   ?side=      BASELINE / SECONDARY (duplicates: the file the identifier repeats in)
 *   ?resolved=  true / false
 *   ?change=    NEW / STILL_OPEN since the previous comparison of the company carrier
 *   ?limit=&cursor=  → { items, next }
 * Only the results of the comparison's published run (results-read.ts publishedRunId).
 * The identifier's SSN is masked but its last four digits.
 */
export const handler = serve(listMissingRows, async ({ params, query, caller }) => {
  const comparison = await resultsViewInScope(caller, params.company_id, params.comparison_id);
  const runId = publishedRunId(comparison);
  if (!runId) return { items: [], next: null };
  const entity = db().entities.missingDiscrepancy;
  const key = { company_id: comparison.company_id, comparison_id: comparison.id };
  const base = query.kind ? entity.query.byKind({ ...key, kind: query.kind }) : entity.query.byComparison(key);
  const where = base.where((a, op) => {
    const clauses: string[] = [op.eq(a.run_id, runId)];
    if (query.side) clauses.push(op.eq(a.side, String(query.side)));
    if (query.change) clauses.push(op.eq(a.change_status, query.change));
    if (query.resolved === true) clauses.push(op.exists(a.resolved_date));
    if (query.resolved === false) clauses.push(op.notExists(a.resolved_date));
    return clauses.join(' AND ');
  });
  const filtered = withPlainItems(where, entity);
  const page = await pageOf(filtered, query.limit, query.cursor, { selective: query.resolved !== undefined || !!query.side || !!query.change });
  return { items: page.items.map(maskPerson), next: page.next };
});
