import { listDiscrepancies } from '../../../shared/api/results';
import { withPlainItems } from '../../lib/db/plain-items';
import { db } from '../../lib/db/service';
import { serve } from '../../lib/http';
import { badRequest } from '../../lib/errors';
import { DEFAULT_LIMIT, maskDiscrepancy, pageOf, publishedRunId, resultsViewInScope, ssnDataPoints } from '../../lib/compare-runs/results-read';

/**
 * GET /api/companies/{company_id}/comparisons/{comparison_id}/data_point_discrepancies
 *   ?data_point_id=  one data point (its own index)
 *   ?type=           suggested or resolved discrepancy type (UNCLASSIFIED: neither)
 *   ?resolved=       true / false
 *   ?skipverification=true  include the discrepancies marked skip_verification (left out otherwise)
 *   ?mine=true       only those the caller resolved
 *   ?change=         NEW / STILL_OPEN since the previous comparison of the company carrier
 *   ?limit=&cursor=  → { items, next }
 *   ?sort=&order=    sorted by a field (asc / desc) over every match, paged by offset → { items, next, total }
 * Only the results of the comparison's published run (results-read.ts publishedRunId).
 * SSNs (the identifier and any SSN value) are masked but their last four digits.
 */
export const handler = serve(listDiscrepancies, async ({ params, query, caller }) => {
  const comparison = await resultsViewInScope(caller, params.company_id, params.comparison_id);
  const runId = publishedRunId(comparison);
  if (!runId) return query.sort ? { items: [], next: null, total: 0 } : { items: [], next: null };
  const entity = db().entities.dataPointDiscrepancy;
  const key = { company_id: comparison.company_id, comparison_id: comparison.id };
  const base = query.data_point_id ? entity.query.byDataPoint({ ...key, data_point_id: query.data_point_id }) : entity.query.byComparison(key);
  const where = base.where((a, op) => {
    const clauses: string[] = [op.eq(a.run_id, runId)];
    if (!query.skipverification) clauses.push(`(${op.notExists(a.skip_verification)} OR ${op.eq(a.skip_verification, false)})`);
    if (query.resolved === true) clauses.push(op.exists(a.resolved_date));
    if (query.resolved === false) clauses.push(op.notExists(a.resolved_date));
    if (query.mine) clauses.push(op.eq(a.resolved_by_user_id, caller.user.id));
    if (query.change) clauses.push(op.eq(a.change_status, query.change));
    if (query.type === 'UNCLASSIFIED') clauses.push(`${op.notExists(a.suggested_type)} AND ${op.notExists(a.resolved_discrepancy_type)}`);
    else if (query.type) clauses.push(`(${op.eq(a.resolved_discrepancy_type, query.type)} OR (${op.notExists(a.resolved_discrepancy_type)} AND ${op.eq(a.suggested_type, query.type)}))`);
    return clauses.join(' AND ');
  });
  const filtered = withPlainItems(where, entity);
  const ssnPoints = ssnDataPoints(comparison.summary);
  if (query.sort) {
    // DynamoDB keeps result order only: a sorted view reads every match (bounded by the organization's
    // discrepancy limit), sorts the masked rows and pages by offset (`next` is the next offset).
    const { data } = await filtered.go({ pages: 'all' });
    const field = query.sort;
    const dir = query.order === 'desc' ? -1 : 1;
    const rows = data.map((item) => maskDiscrepancy(item, ssnPoints));
    const key = (r: (typeof rows)[number]) => (field === 'resolved_discrepancy_type' ? r.resolved_discrepancy_type ?? r.suggested_type : r[field]);
    rows.sort((x, y) => dir * compareValues(key(x), key(y)) || x.id.localeCompare(y.id));
    const offset = query.cursor ? Number.parseInt(query.cursor, 10) : 0;
    if (!Number.isInteger(offset) || offset < 0) throw badRequest('Invalid cursor', { cursor: 'Invalid cursor' });
    const limit = query.limit ?? DEFAULT_LIMIT;
    const end = offset + limit;
    return { items: rows.slice(offset, end), next: end < rows.length ? String(end) : null, total: rows.length };
  }
  const page = await pageOf(filtered, query.limit, query.cursor, { selective: query.resolved !== undefined || !!query.mine || !!query.type || !!query.change });
  return { items: page.items.map((item) => maskDiscrepancy(item, ssnPoints)), next: page.next };
});

/** Empty values last; numbers (and numeric text) as numbers; text case-insensitively. */
function compareValues(a: unknown, b: unknown): number {
  const empty = (v: unknown) => v === undefined || v === null || v === '';
  if (empty(a) || empty(b)) return empty(a) === empty(b) ? 0 : empty(a) ? 1 : -1;
  const na = typeof a === 'number' ? a : Number(a);
  const nb = typeof b === 'number' ? b : Number(b);
  if (Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
  return String(a).localeCompare(String(b), undefined, { sensitivity: 'base', numeric: true });
}
