import useSWR from 'swr';
import { comparisonPath } from './comparisons';
import type { ApiError } from '../api/errors';
import { request } from '../api/request';

/**
 * Running a comparison and reading its results (issue 5 steps 6–7). The comparison is polled
 * every 2 s while its run is under way, and not at all otherwise.
 */
export type RunStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED';
export type RunStage = 'loading' | 'matching' | 'comparing' | 'saving';

export interface RunProgress {
  stage: RunStage;
  processed: number;
  total: number | null;
  stage_started_at?: string;
  updated_at?: string;
}

export interface ComparisonRunView {
  id: string;
  company_id: string;
  name: string;
  step: string;
  status?: RunStatus | null;
  status_reason?: string | null;
  progress?: RunProgress | null;
  summary?: { finished_at?: string; discrepancies?: number; baseline_rows?: number; secondary_rows?: number } | null;
  updated_at?: string;
  [field: string]: unknown;
}

export const RUN_POLL_MS = 2000;

/** The same SWR key as the comparison page's, so a finished run refreshes the stepper too. */
export const comparisonApiPath = comparisonPath;

/** The comparison with its run status; refreshed every 2 s while RUNNING. */
export function useComparisonRun(companyId: string | undefined, comparisonId: string | undefined) {
  return useSWR<ComparisonRunView, ApiError>(companyId && comparisonId ? comparisonApiPath(companyId, comparisonId) : null, {
    refreshInterval: (data) => (data?.status === 'RUNNING' ? RUN_POLL_MS : 0),
  });
}

/** POST …/run: 202 with the comparison (RUNNING), or the error (400 not runnable, 409 running). */
export function startComparisonRun(companyId: string, comparisonId: string) {
  return request<ComparisonRunView>(`${comparisonApiPath(companyId, comparisonId)}/run`, { method: 'POST' });
}

export interface ReportCards {
  matched: number;
  only_in_baseline: number;
  only_at_carrier: number;
  duplicates: number;
  duplicates_in_baseline: number;
  duplicates_in_secondary: number;
  discrepancies: number;
  discrepancies_resolved: number;
  discrepancies_unresolved: number;
  missing_resolved: number;
  missing_unresolved: number;
}

export interface ComparisonReport {
  comparison_id: string;
  status: RunStatus | null;
  status_reason: string | null;
  step: string;
  has_results: boolean;
  finished_at?: string | null;
  baseline_file?: { id: string; name: string } | null;
  secondary_file?: { id: string; name: string } | null;
  summary: {
    baseline_rows: number;
    secondary_rows: number;
    blank_identifier_baseline: number;
    blank_identifier_secondary: number;
  } | null;
  cards: ReportCards | null;
  by_data_point: Array<{ data_point_id: string; baseline_column_name: string; secondary_column_name: string | null; count: number }>;
  by_type: Array<{ type: string; count: number }>;
  by_kind: Array<{ kind: 'MISSING_IN_SECONDARY' | 'MISSING_IN_BASELINE' | 'DUPLICATE'; label: string; count: number }>;
}

/** GET …/report: the counts VIEW_REPORTS shows. `runKey` refetches after a new run. */
export function useComparisonReport(companyId: string | undefined, comparisonId: string | undefined, runKey?: string | null) {
  return useSWR<ComparisonReport, ApiError>(
    companyId && comparisonId ? [`${comparisonApiPath(companyId, comparisonId)}/report`, runKey ? { run: runKey } : undefined] : null,
  );
}

export interface DiscrepancyFilters {
  data_point_id?: string;
  type?: string;
  resolved?: boolean;
  skipverification?: boolean;
  limit?: number;
  cursor?: string;
}

export interface ResultPage<T> {
  items: T[];
  next: string | null;
}

/** GET …/data_point_discrepancies with its filters (server-side paging). */
export function useDataPointDiscrepancies(companyId: string | undefined, comparisonId: string | undefined, filters: DiscrepancyFilters = {}) {
  return useSWR<ResultPage<Record<string, unknown>>, ApiError>(
    companyId && comparisonId ? [`${comparisonApiPath(companyId, comparisonId)}/data_point_discrepancies`, { ...filters }] : null,
  );
}

export interface MissingFilters {
  kind?: 'MISSING_IN_SECONDARY' | 'MISSING_IN_BASELINE' | 'DUPLICATE';
  side?: 'BASELINE' | 'SECONDARY';
  resolved?: boolean;
  limit?: number;
  cursor?: string;
}

/** GET …/missing_discrepancies with its filters (server-side paging). */
export function useMissingDiscrepancies(companyId: string | undefined, comparisonId: string | undefined, filters: MissingFilters = {}) {
  return useSWR<ResultPage<Record<string, unknown>>, ApiError>(
    companyId && comparisonId ? [`${comparisonApiPath(companyId, comparisonId)}/missing_discrepancies`, { ...filters }] : null,
  );
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
