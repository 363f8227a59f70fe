import type { ResponseOf } from '../../../shared/api/endpoint';
import { getComparison } from '../../../shared/api/comparisons';
import { getReport, runComparison } from '../../../shared/api/results';
import { callApi, useApi } from '../api/endpoints';

/**
 * Running a comparison and reading its results (steps 6–7). The comparison is polled
 * every 2 s while its run is under way, and not at all otherwise.
 */
/**
 * What the Compare step reads of the comparison: the record as the run answers it. The
 * comparison's own read answers the same fields (with its files, without the run id).
 */
export type ComparisonRunView = ResponseOf<typeof runComparison>;
export type RunProgress = NonNullable<ComparisonRunView['progress']>;
export type RunStage = RunProgress['stage'];

export const RUN_POLL_MS = 2000;

/** The comparison with its run status; refreshed every 2 s while RUNNING. */
export function useComparisonRun(companyId: string | undefined, comparisonId: string | undefined) {
  return useApi(getComparison, companyId && comparisonId ? { company_id: companyId, comparison_id: comparisonId } : null, {
    refreshInterval: (data) => (data?.status === 'RUNNING' ? RUN_POLL_MS : 0),
  });
}

/** POST …/run: 202 with the comparison (RUNNING), or the error (400 not runnable, 409 running). */
export function startComparisonRun(companyId: string, comparisonId: string) {
  return callApi(runComparison, { params: { company_id: companyId, comparison_id: comparisonId }, idempotent: true });
}

export type ComparisonReport = ResponseOf<typeof getReport>;

/** GET …/report: the counts VIEW_REPORTS shows. `runKey` refetches after a new run. */
export function useComparisonReport(companyId: string | undefined, comparisonId: string | undefined, runKey?: string | null) {
  return useApi(getReport, companyId && comparisonId ? { company_id: companyId, comparison_id: comparisonId } : null, { keyExtra: runKey ?? undefined });
}

/**
 * Where a card or bar of the report leads: the comparison page at the verify step, with the
 * list's filters in the URL (`step`, then the same names as the API's query).
 */
export function resultsListHref(
  companyId: string,
  comparisonId: string,
  list: 'discrepancies' | 'missing',
  filters: Record<string, string | undefined> = {},
): string {
  const params = new URLSearchParams({ step: list === 'discrepancies' ? 'VERIFY_DISCREPANCIES' : 'VERIFY_MISSING_DATA' });
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return `/companies/${encodeURIComponent(companyId)}/comparisons/${encodeURIComponent(comparisonId)}?${params.toString()}`;
}
