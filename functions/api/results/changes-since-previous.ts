import { getChangesSincePrevious } from '../../../shared/api/results';
import { daysOpen, type ChangeStatus } from '../../../shared/changes-since';
import { maskSsnLike } from '../../../shared/mask';
import type { ChangesSincePreviousResponse } from '../../../shared/schemas/results';
import type { ChangesSummary } from '../../lib/compare-runs/changes-since-previous';
import { db } from '../../lib/db/service';
import { serve } from '../../lib/http';
import {
  comparisonInScope,
  maskDiscrepancy,
  maskPerson,
  pageAcross,
  pagedSource,
  publishedRunId,
  ssnDataPoints,
  type PagedSource,
} from '../../lib/compare-runs/results-read';

/**
 * GET /api/companies/{company_id}/comparisons/{comparison_id}/changes_since_previous
 *   ?status=  NEW, STILL_OPEN or FIXED (all three, in that order, when absent)
 *   ?limit=&cursor=  → { previous_comparison_id, new, still_open, fixed, …, items, next }
 * The counts come from the published run's summary; the lists read the run's own findings (by
 * their change_status) and the FIXED copies the run stored. Nothing is worked out here: the run
 * classified its findings when it finished (functions/lib/compare-runs/changes-since-previous.ts).
 */
type Item = ChangesSincePreviousResponse['items'][number];
type Person = { unique_identifier: string; first_name?: string; last_name?: string; full_name?: string; relationship?: string };

type Finding = Person & {
  resolved_discrepancy_type?: Item['resolved_discrepancy_type'];
  amount?: Item['amount'];
  invoice_kind?: Item['invoice_kind'];
  coverage_line?: Item['coverage_line'];
  first_seen_at?: string | null;
};

/** What every kind of finding answers alike: the person, the decision, the money and its age. */
const findingOf = (m: Finding, days: (firstSeen: string | null | undefined) => number) => ({
  unique_identifier: m.unique_identifier,
  first_name: m.first_name,
  last_name: m.last_name,
  full_name: m.full_name,
  relationship: m.relationship,
  resolved_discrepancy_type: m.resolved_discrepancy_type,
  amount: m.amount,
  invoice_kind: m.invoice_kind,
  coverage_line: m.coverage_line,
  first_seen_at: m.first_seen_at,
  days_open: days(m.first_seen_at),
});

export const handler = serve(getChangesSincePrevious, async ({ params, query, caller }): Promise<ChangesSincePreviousResponse> => {
  const comparison = await comparisonInScope(caller, params.company_id, params.comparison_id);
  const runId = publishedRunId(comparison);
  const changes = (comparison.summary as { changes_since_previous?: ChangesSummary } | null | undefined)?.changes_since_previous;
  if (!runId || !changes) {
    return {
      has_results: false,
      previous_comparison_id: null,
      previous_comparison_name: null,
      seen_at: null,
      new: 0,
      still_open: 0,
      fixed: 0,
      oldest_open_first_seen_at: null,
      items: [],
      next: null,
    };
  }
  const { dataPointDiscrepancy, missingDiscrepancy, fixedFinding } = db().entities;
  const key = { company_id: comparison.company_id, comparison_id: comparison.id };
  const ssnPoints = ssnDataPoints(comparison.summary);
  const points = (comparison.summary as { data_points?: Array<{ id: string; baseline_column_name?: string }> }).data_points ?? [];
  const names = new Map(points.map((p) => [p.id, p.baseline_column_name ?? p.id]));
  const days = (firstSeen: string | null | undefined) => (firstSeen ? daysOpen(firstSeen, changes.seen_at) : 0);

  const findingsOf = (status: 'NEW' | 'STILL_OPEN'): Array<PagedSource<Item>> => [
    pagedSource(
      dataPointDiscrepancy.query.byComparison(key).where((a, op) => `${op.eq(a.run_id, runId)} AND ${op.eq(a.change_status, status)}`),
      (d): Item => {
        const m = maskDiscrepancy(d, ssnPoints);
        return {
          id: m.id,
          comparison_id: comparison.id,
          change_status: status,
          kind: 'DISCREPANCY',
          side: null,
          data_point_id: m.data_point_id,
          data_point_name: names.get(m.data_point_id) ?? null,
          baseline_value: m.baseline_value,
          secondary_value: m.secondary_value,
          suggested_type: m.suggested_type,
          ...findingOf(m, days),
        };
      },
    ),
    pagedSource(
      missingDiscrepancy.query.byComparison(key).where((a, op) => `${op.eq(a.run_id, runId)} AND ${op.eq(a.change_status, status)}`),
      (row): Item => {
        const m = maskPerson(row);
        return {
          id: m.id,
          comparison_id: comparison.id,
          change_status: status,
          kind: m.kind,
          side: m.side,
          data_point_id: null,
          data_point_name: null,
          baseline_value: null,
          secondary_value: null,
          suggested_type: null,
          ...findingOf(m, days),
        };
      },
    ),
  ];
  const fixed = pagedSource(
    fixedFinding.query.byComparison(key).where((a, op) => op.eq(a.run_id, runId)),
    (row): Item => {
      const m = maskPerson(row);
      return {
        id: m.id,
        comparison_id: m.previous_comparison_id,
        change_status: 'FIXED',
        kind: m.kind as Item['kind'],
        side: m.side as Item['side'],
        data_point_id: null,
        data_point_name: m.data_point_name ?? null,
        // The previous comparison's SSN columns are not at hand: every SSN-shaped value is masked.
        baseline_value: maskSsnLike(m.baseline_value),
        secondary_value: maskSsnLike(m.secondary_value),
        suggested_type: m.suggested_type,
        ...findingOf(m, days),
      };
    },
  );
  const byStatus: Record<ChangeStatus, Array<PagedSource<Item>>> = { NEW: findingsOf('NEW'), STILL_OPEN: findingsOf('STILL_OPEN'), FIXED: [fixed] };
  const sources = query.status ? byStatus[query.status] : [...byStatus.NEW, ...byStatus.STILL_OPEN, ...byStatus.FIXED];
  const page = await pageAcross(sources, query.limit, query.cursor);
  return {
    has_results: true,
    previous_comparison_id: changes.previous_comparison_id,
    previous_comparison_name: changes.previous_comparison_name,
    seen_at: changes.seen_at,
    new: changes.new,
    still_open: changes.still_open,
    fixed: changes.fixed,
    oldest_open_first_seen_at: changes.oldest_open_first_seen_at,
    ...page,
  };
});
