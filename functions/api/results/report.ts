import { db } from '../../lib/db/service';
import { getReport } from '../../../shared/api/results';
import type { ReportResponse } from '../../../shared/schemas/results';
import { serve } from '../../lib/http';
import { comparisonInScope, publishedRunId } from '../../lib/compare-runs/results-read';

/**
 * GET /api/companies/{company_id}/comparisons/{comparison_id}/report: what VIEW_REPORTS shows.
 * Counts of the last successful run (from its summary) plus resolved / unresolved counts read
 * from the result items (bounded by the discrepancy limit, so a few pages at most). No values.
 */
interface SummaryPoint {
  id: string;
  value_kind?: string;
  baseline_column_name?: string;
  secondary_column_name?: string;
}
interface StoredSummary {
  run_id?: string;
  finished_at?: string;
  baseline_rows?: number;
  secondary_rows?: number;
  matched_rows?: number;
  missing_in_secondary?: number;
  missing_in_baseline?: number;
  duplicates_in_baseline?: number;
  duplicates_in_secondary?: number;
  blank_identifier_baseline?: number;
  blank_identifier_secondary?: number;
  discrepancies?: number;
  discrepancies_by_data_point?: Record<string, number>;
  discrepancies_by_type?: Record<string, number>;
  data_points?: SummaryPoint[];
  baseline_file?: { id: string; name: string };
  secondary_file?: { id: string; name: string };
}

/** Most serious first (UX): money and coverage before names and rounding. */
const SEVERITY = ['COST', 'COVERAGE_TIER', 'WRONG_PLAN', 'BENEFIT_AMOUNT', 'TERM', 'DOB_MISMATCH', 'NAME_MISMATCH', 'GENDER_MISMATCH', 'ROUNDING', 'UNCLASSIFIED'];
const severity = (type: string) => {
  const i = SEVERITY.indexOf(type);
  return i < 0 ? SEVERITY.length - 1 : i;
};

async function resolvedCounts(entity: 'dataPointDiscrepancy' | 'missingDiscrepancy', companyId: string, comparisonId: string, runId: string | null) {
  const key = { company_id: companyId, comparison_id: comparisonId };
  const { data: all } =
    entity === 'dataPointDiscrepancy'
      ? await db().entities.dataPointDiscrepancy.query.byComparison(key).go({ pages: 'all', attributes: ['resolved_date', 'run_id'] })
      : await db().entities.missingDiscrepancy.query.byComparison(key).go({ pages: 'all', attributes: ['resolved_date', 'run_id'] });
  // The published run's results only, as the lists show them.
  const data = all.filter((d) => d.run_id === runId);
  const resolved = data.filter((d) => d.resolved_date).length;
  return { total: data.length, resolved, unresolved: data.length - resolved };
}

export const handler = serve(getReport, async ({ params, caller }): Promise<ReportResponse> => {
  const comparison = await comparisonInScope(caller, params.company_id, params.comparison_id);
  const s = (comparison.summary ?? null) as StoredSummary | null;
  const head = {
    comparison_id: comparison.id,
    status: comparison.status ?? null,
    status_reason: comparison.status_reason ?? null,
    step: comparison.step,
    run_id: comparison.run_id ?? null,
  };
  if (!s) return { ...head, has_results: false, summary: null, cards: null, by_data_point: [], by_type: [], by_kind: [] };

  const [discrepancyStatus, missingStatus] = await Promise.all([
    resolvedCounts('dataPointDiscrepancy', comparison.company_id, comparison.id, publishedRunId(comparison)),
    resolvedCounts('missingDiscrepancy', comparison.company_id, comparison.id, publishedRunId(comparison)),
  ]);
  const points = s.data_points ?? [];
  const by_data_point = Object.entries(s.discrepancies_by_data_point ?? {})
    .map(([id, count]) => {
      const p = points.find((x) => x.id === id);
      return { data_point_id: id, baseline_column_name: p?.baseline_column_name ?? id, secondary_column_name: p?.secondary_column_name ?? null, count };
    })
    .sort((a, b) => b.count - a.count);
  const by_type = Object.entries(s.discrepancies_by_type ?? {})
    .map(([type, count]) => ({ type, count }))
    .sort((a, b) => severity(a.type) - severity(b.type) || b.count - a.count);
  const duplicates = (s.duplicates_in_baseline ?? 0) + (s.duplicates_in_secondary ?? 0);
  return {
    ...head,
    has_results: true,
    results_run_id: s.run_id ?? null,
    finished_at: s.finished_at ?? null,
    baseline_file: s.baseline_file ?? null,
    secondary_file: s.secondary_file ?? null,
    summary: {
      baseline_rows: s.baseline_rows ?? 0,
      secondary_rows: s.secondary_rows ?? 0,
      blank_identifier_baseline: s.blank_identifier_baseline ?? 0,
      blank_identifier_secondary: s.blank_identifier_secondary ?? 0,
    },
    cards: {
      matched: s.matched_rows ?? 0,
      only_in_baseline: s.missing_in_secondary ?? 0,
      only_at_carrier: s.missing_in_baseline ?? 0,
      duplicates,
      duplicates_in_baseline: s.duplicates_in_baseline ?? 0,
      duplicates_in_secondary: s.duplicates_in_secondary ?? 0,
      discrepancies: s.discrepancies ?? 0,
      discrepancies_resolved: discrepancyStatus.resolved,
      discrepancies_unresolved: discrepancyStatus.unresolved,
      missing_resolved: missingStatus.resolved,
      missing_unresolved: missingStatus.unresolved,
    },
    by_data_point,
    by_type,
    by_kind: [
      { kind: 'MISSING_IN_SECONDARY', label: 'Only in baseline', count: s.missing_in_secondary ?? 0 },
      { kind: 'MISSING_IN_BASELINE', label: 'Only at carrier', count: s.missing_in_baseline ?? 0 },
      { kind: 'DUPLICATE', label: 'Duplicates', count: duplicates },
    ],
  };
});
