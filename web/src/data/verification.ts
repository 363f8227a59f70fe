import useSWR, { type ScopedMutator } from 'swr';
import type { RequestBodyOf, ResponseOf } from '../../../shared/api/endpoint';
import type { listDiscrepancies, listMissingRows } from '../../../shared/api/results';
import type {
  approveDiscrepancy,
  listMissingMerges,
  resolveDiscrepancies,
  resolveDiscrepancy as resolveDiscrepancyEndpoint,
  resolveMissingRow,
} from '../../../shared/api/verification';
import type { ApiError } from '../api/errors';
import { request } from '../api/request';
import { MAX_RESULTS_PAGE } from '../../../shared/schemas/results';
import { comparisonApiPath } from './compare-runs';

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
  sort: string;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

const discrepanciesPath = (companyId: string, comparisonId: string) => `${comparisonApiPath(companyId, comparisonId)}/data_point_discrepancies`;
const missingPath = (companyId: string, comparisonId: string) => `${comparisonApiPath(companyId, comparisonId)}/missing_discrepancies`;

/** The read's query for a grid state (without paging). */
export function gridFilterQuery(q: Pick<GridQuery, 'tab' | 'type' | 'data_point_id' | 'sort' | 'order'>) {
  return {
    sort: q.sort,
    order: q.order,
    ...(q.tab === 'unresolved' ? { resolved: 'false' } : {}),
    ...(q.tab === 'resolved' ? { resolved: 'true' } : {}),
    ...(q.tab === 'mine' ? { mine: 'true' } : {}),
    ...(q.type ? { type: q.type } : {}),
    ...(q.data_point_id ? { data_point_id: q.data_point_id } : {}),
  };
}

/** One page of the grid: sorted and filtered by the server, paged by offset, with the total of matches. */
export function useDiscrepancyGrid(companyId: string, comparisonId: string, q: GridQuery) {
  return useSWR<DiscrepancyPage, ApiError>(
    [discrepanciesPath(companyId, comparisonId), { ...gridFilterQuery(q), limit: q.pageSize, cursor: q.page > 0 ? String(q.page * q.pageSize) : undefined }],
    { keepPreviousData: true },
  );
}

/** Every match of the grid's filters (for "select every match"), following the offset pages. */
export async function allMatches(companyId: string, comparisonId: string, q: GridQuery): Promise<{ data?: Discrepancy[]; error?: ApiError }> {
  const items: Discrepancy[] = [];
  let cursor: string | null = null;
  do {
    const res: Awaited<ReturnType<typeof request<DiscrepancyPage>>> = await request<DiscrepancyPage>(discrepanciesPath(companyId, comparisonId), {
      query: { ...gridFilterQuery(q), limit: MAX_RESULTS_PAGE, cursor: cursor ?? undefined },
    });
    if (res.error) return { error: res.error };
    items.push(...res.data.items);
    cursor = res.data.next;
  } while (cursor);
  return { data: items };
}

export type ResolutionChange = RequestBodyOf<typeof resolveDiscrepancies>['changes'];

export function resolveDiscrepancy(companyId: string, comparisonId: string, id: string, body: RequestBodyOf<typeof resolveDiscrepancyEndpoint>) {
  return request<ResponseOf<typeof resolveDiscrepancyEndpoint>>(`${discrepanciesPath(companyId, comparisonId)}/${encodeURIComponent(id)}`, { method: 'PATCH', body });
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
    const res = await request<ResponseOf<typeof resolveDiscrepancies>>(discrepanciesPath(companyId, comparisonId), {
      method: 'PATCH',
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
  return request<ResponseOf<typeof approveDiscrepancy>>(`${discrepanciesPath(companyId, comparisonId)}/${encodeURIComponent(id)}/${action}`, { method: 'POST', body });
}

/** Every missing row of the comparison (all pages). */
export function useAllMissingRows(companyId: string, comparisonId: string) {
  return useSWR<MissingRow[], ApiError>([missingPath(companyId, comparisonId), { all: '1' }], async () => {
    const items: MissingRow[] = [];
    let cursor: string | null = null;
    do {
      const res: Awaited<ReturnType<typeof request<MissingPage>>> = await request<MissingPage>(
        missingPath(companyId, comparisonId),
        { query: { limit: MAX_RESULTS_PAGE, cursor: cursor ?? undefined } },
      );
      if (res.error) throw res.error;
      items.push(...res.data.items);
      cursor = res.data.next;
    } while (cursor);
    return items;
  });
}

/** Every merge value of the comparison's missing rows (all pages: a row missing from the map would show no merge). */
export function useMissingMerges(companyId: string, comparisonId: string) {
  const path = `${comparisonApiPath(companyId, comparisonId)}/missing_discrepancy_merges`;
  return useSWR<MissingMergePage, ApiError>([path, { all: '1' }], async () => {
    const items: MissingMerge[] = [];
    let cursor: string | null = null;
    do {
      const res: Awaited<ReturnType<typeof request<MissingMergePage>>> = await request<MissingMergePage>(path, { query: { limit: MAX_RESULTS_PAGE, cursor: cursor ?? undefined } });
      if (res.error) throw res.error;
      items.push(...res.data.items);
      cursor = res.data.next;
    } while (cursor);
    return { items, next: null };
  });
}

export type MissingDecision = RequestBodyOf<typeof resolveMissingRow>;
export type MissingChange = Omit<MissingDecision, 'updated_at'>;

export function resolveMissing(companyId: string, comparisonId: string, id: string, body: MissingDecision) {
  return request<ResponseOf<typeof resolveMissingRow>>(`${missingPath(companyId, comparisonId)}/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

/** Revalidates, in the session's SWR cache, every read a verification write changes (lists, merges, report, an invoice's dollars). */
export function revalidateVerification(mutate: ScopedMutator, companyId: string, comparisonId: string) {
  const base = comparisonApiPath(companyId, comparisonId);
  return mutate((key) => {
    const path = Array.isArray(key) ? key[0] : key;
    return (
      typeof path === 'string' &&
      (path.startsWith(`${base}/data_point_discrepancies`) ||
        path.startsWith(`${base}/missing_discrepancies`) ||
        path.startsWith(`${base}/missing_discrepancy_merges`) ||
        path.startsWith(`${base}/data_point_merges`) ||
        path.startsWith(`${base}/report`) ||
        // A credit received moves an invoice's recovered dollars, here and on its carrier's trend.
        path.startsWith(`${base}/invoice_summary`) ||
        path.endsWith('/invoice_reconciliations'))
    );
  });
}
