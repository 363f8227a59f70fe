import type { ScopedMutator } from 'swr';
import type { RequestBodyOf, ResponseOf } from '../../../shared/api/endpoint';
import { getInvoiceSummary, listCarrierReconciliations } from '../../../shared/api/invoices';
import { getReport, listDiscrepancies, listMissingRows } from '../../../shared/api/results';
import {
  approveDiscrepancy,
  listDataPointMerges,
  listMissingMerges,
  resolveDiscrepancies,
  resolveDiscrepancy as resolveDiscrepancyEndpoint,
  resolveMissingRow,
  sendBackDiscrepancy,
} from '../../../shared/api/verification';
import type { ApiError } from '../api/errors';
import { apiPath, callApi, fetchAllPages, keyPath, useApi } from '../api/endpoints';
import { MAX_RESULTS_PAGE } from '../../../shared/schemas/results';

/**
 * Verify discrepancies and verify missing data: the grid's server-side reads, the
 * resolving writes (single, bulk, review) and the missing rows with their merge values. Writes are
 * conditional on the `updated_at` read; a 409 means someone else changed the row.
 */
/** A discrepancy as the grid reads it (SSNs masked but their last four digits). */
export type DiscrepancyPage = ResponseOf<typeof listDiscrepancies>;
export type Discrepancy = DiscrepancyPage['items'][number];

/** A missing or duplicate row as the page reads it. */
export type MissingPage = ResponseOf<typeof listMissingRows>;
export type MissingRow = MissingPage['items'][number];
export type MissingKind = MissingRow['kind'];

export type MissingMergePage = ResponseOf<typeof listMissingMerges>;
export type MissingMerge = MissingMergePage['items'][number];

export type GridTab = 'unresolved' | 'resolved' | 'mine' | 'all';

export interface GridQuery {
  tab: GridTab;
  type?: string;
  data_point_id?: string;
  /** NEW or STILL_OPEN since the previous comparison of the company carrier. */
  change?: 'NEW' | 'STILL_OPEN';
  sort: string;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

const comparisonParams = (companyId: string, comparisonId: string) => ({ company_id: companyId, comparison_id: comparisonId });

/** The read's query for a grid state (without paging). */
export function gridFilterQuery(q: Pick<GridQuery, 'tab' | 'type' | 'data_point_id' | 'change' | 'sort' | 'order'>) {
  return {
    sort: q.sort,
    order: q.order,
    ...(q.tab === 'unresolved' ? { resolved: 'false' } : {}),
    ...(q.tab === 'resolved' ? { resolved: 'true' } : {}),
    ...(q.tab === 'mine' ? { mine: 'true' } : {}),
    ...(q.type ? { type: q.type } : {}),
    ...(q.data_point_id ? { data_point_id: q.data_point_id } : {}),
    ...(q.change ? { change: q.change } : {}),
  };
}

/** One page of the grid: sorted and filtered by the server, paged by offset, with the total of matches. */
export function useDiscrepancyGrid(companyId: string, comparisonId: string, q: GridQuery) {
  return useApi(listDiscrepancies, comparisonParams(companyId, comparisonId), {
    query: { ...gridFilterQuery(q), limit: q.pageSize, cursor: q.page > 0 ? String(q.page * q.pageSize) : undefined },
    keepPreviousData: true,
  });
}

/** Every match of the grid's filters (for "select every match"), following the offset pages. */
export async function allMatches(companyId: string, comparisonId: string, q: GridQuery): Promise<{ data?: Discrepancy[]; error?: ApiError }> {
  try {
    const all = await fetchAllPages(listDiscrepancies, comparisonParams(companyId, comparisonId), gridFilterQuery(q), { pageSize: MAX_RESULTS_PAGE, maxPages: Infinity });
    return { data: all.items };
  } catch (error) {
    return { error: error as ApiError };
  }
}

export type ResolutionChange = RequestBodyOf<typeof resolveDiscrepancies>['changes'];

export function resolveDiscrepancy(companyId: string, comparisonId: string, id: string, body: RequestBodyOf<typeof resolveDiscrepancyEndpoint>) {
  return callApi(resolveDiscrepancyEndpoint, { params: { ...comparisonParams(companyId, comparisonId), id }, body });
}

/** One row's outcome of a bulk write: 200 with the row written, else its status and message. */
export type BulkResult = ResponseOf<typeof resolveDiscrepancies>['results'][number];
/** An outcome other than written: the status and the message saying why. */
export type BulkFailure = Exclude<BulkResult, { status: 200 }>;
export const isBulkFailure = (result: BulkResult): result is BulkFailure => result.status !== 200;

export const MAX_BULK = 500;

/** Bulk resolve, in chunks of 500 ids; answers one outcome per id. */
export async function bulkResolveDiscrepancies(
  companyId: string,
  comparisonId: string,
  rows: Array<Pick<Discrepancy, 'id' | 'updated_at'>>,
  changes: ResolutionChange,
): Promise<{ results: BulkResult[]; error?: ApiError }> {
  const results: BulkResult[] = [];
  for (let i = 0; i < rows.length; i += MAX_BULK) {
    const chunk = rows.slice(i, i + MAX_BULK);
    const res = await callApi(resolveDiscrepancies, {
      params: comparisonParams(companyId, comparisonId),
      body: { ids: chunk.map((r) => r.id), changes, expected: Object.fromEntries(chunk.map((r) => [r.id, r.updated_at])) },
    });
    if (res.error) {
      results.push(...chunk.map((r) => ({ id: r.id, status: res.error.status ?? 0, message: res.error.message })));
      continue;
    }
    results.push(...res.data.results);
  }
  return { results };
}

export function reviewDiscrepancy(companyId: string, comparisonId: string, id: string, action: 'approve' | 'send_back', body: RequestBodyOf<typeof approveDiscrepancy>) {
  return callApi(action === 'approve' ? approveDiscrepancy : sendBackDiscrepancy, { params: { ...comparisonParams(companyId, comparisonId), id }, body });
}

/** Every missing row of the comparison (all pages). */
export function useAllMissingRows(companyId: string, comparisonId: string) {
  const result = useApi(listMissingRows, comparisonParams(companyId, comparisonId), { allPages: { pageSize: MAX_RESULTS_PAGE, maxPages: Infinity } });
  return { ...result, data: result.data?.items };
}

/** Every merge value of the comparison's missing rows (all pages: a row missing from the map would show no merge). */
export function useMissingMerges(companyId: string, comparisonId: string) {
  return useApi(listMissingMerges, comparisonParams(companyId, comparisonId), { allPages: { pageSize: MAX_RESULTS_PAGE, maxPages: Infinity } });
}

export type MissingDecision = RequestBodyOf<typeof resolveMissingRow>;

export function resolveMissing(companyId: string, comparisonId: string, id: string, body: MissingDecision) {
  return callApi(resolveMissingRow, { params: { ...comparisonParams(companyId, comparisonId), id }, body });
}

/** Revalidates, in the session's SWR cache, every read a verification write changes (lists, merges, report, an invoice's dollars). */
export function revalidateVerification(mutate: ScopedMutator, companyId: string, comparisonId: string) {
  const params = comparisonParams(companyId, comparisonId);
  const changed = [listDiscrepancies, listMissingRows, listMissingMerges, listDataPointMerges, getReport, getInvoiceSummary].map((endpoint) => apiPath(endpoint, params));
  // A credit received moves an invoice's recovered dollars, here and on its carrier's trend.
  const trend = listCarrierReconciliations.path.slice(listCarrierReconciliations.path.lastIndexOf('/'));
  return mutate((key) => {
    const path = keyPath(key);
    return path !== undefined && (changed.some((prefix) => path.startsWith(prefix)) || path.endsWith(trend));
  });
}
