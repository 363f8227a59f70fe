import useSWR, { type ScopedMutator } from 'swr';
import type { ApiError } from '../api/errors';
import { request } from '../api/request';
import type { DataPointDiscrepancy as SharedDiscrepancy, MissingDiscrepancy as SharedMissing, MissingKind } from '../../../shared/resolution';
import { comparisonApiPath } from './compare-runs';

/**
 * Verify discrepancies and verify missing data (issue 6): the grid's server-side reads, the
 * resolving writes (single, bulk, review) and the missing rows with their merge values. Writes are
 * conditional on the `updated_at` read; a 409 means someone else changed the row.
 */
/** A discrepancy as the grid reads it: the shared record plus the verifier's review. */
export type Discrepancy = SharedDiscrepancy & {
  verification_status?: 'APPROVED' | 'SENT_BACK' | null;
  verified_by_user_id?: string | null;
  updated_at: string;
};

export type { MissingKind };

/** A missing or duplicate row as the page reads it (kind and version always present). */
export type MissingRow = SharedMissing & {
  kind: MissingKind;
  side?: 'BASELINE' | 'SECONDARY' | null;
  updated_at: string;
};

export interface MissingMerge {
  id: string;
  missing_discrepancy_id: string;
  data_point_id: string;
  merge_value?: string | null;
}

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

export interface SortedPage<T> {
  items: T[];
  next: string | null;
  total: number;
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
  return useSWR<SortedPage<Discrepancy>, ApiError>(
    [discrepanciesPath(companyId, comparisonId), { ...gridFilterQuery(q), limit: q.pageSize, cursor: q.page > 0 ? String(q.page * q.pageSize) : undefined }],
    { keepPreviousData: true },
  );
}

/** Every match of the grid's filters (for "select every match"), following the offset pages. */
export async function allMatches(companyId: string, comparisonId: string, q: GridQuery): Promise<{ data?: Discrepancy[]; error?: ApiError }> {
  const items: Discrepancy[] = [];
  let cursor: string | null = null;
  do {
    const res: Awaited<ReturnType<typeof request<SortedPage<Discrepancy>>>> = await request<SortedPage<Discrepancy>>(discrepanciesPath(companyId, comparisonId), {
      query: { ...gridFilterQuery(q), limit: 500, cursor: cursor ?? undefined },
    });
    if (res.error) return { error: res.error };
    items.push(...res.data.items);
    cursor = res.data.next;
  } while (cursor);
  return { data: items };
}

export interface ResolutionChange {
  resolved_discrepancy_type?: string | null;
  resolved_value?: string | null;
  resolved_value_source?: 'BASELINE' | 'SECONDARY' | 'CUSTOM';
  resolved_notes?: string | null;
  resolved_verifier_notes?: string | null;
  resolved_ignore?: boolean;
  skip_verification?: boolean;
}

export function resolveDiscrepancy(companyId: string, comparisonId: string, id: string, body: ResolutionChange & { updated_at: string }) {
  return request<Discrepancy>(`${discrepanciesPath(companyId, comparisonId)}/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

export interface BulkResult<T> {
  id: string;
  status: number;
  message?: string;
  field?: string;
  record?: T;
}

export const MAX_BULK = 500;

/** Bulk resolve, in chunks of 500 ids; answers one outcome per id. */
export async function bulkResolveDiscrepancies(
  companyId: string,
  comparisonId: string,
  rows: Array<Pick<Discrepancy, 'id' | 'updated_at'>>,
  changes: ResolutionChange,
): Promise<{ results: BulkResult<Discrepancy>[]; error?: ApiError }> {
  const results: BulkResult<Discrepancy>[] = [];
  for (let i = 0; i < rows.length; i += MAX_BULK) {
    const chunk = rows.slice(i, i + MAX_BULK);
    const res = await request<{ results: BulkResult<Discrepancy>[] }>(discrepanciesPath(companyId, comparisonId), {
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

export function reviewDiscrepancy(companyId: string, comparisonId: string, id: string, action: 'approve' | 'send_back', body: { updated_at: string; resolved_verifier_notes?: string | null }) {
  return request<Discrepancy>(`${discrepanciesPath(companyId, comparisonId)}/${encodeURIComponent(id)}/${action}`, { method: 'POST', body });
}

/** Every missing row of the comparison (all pages). */
export function useAllMissingRows(companyId: string, comparisonId: string) {
  return useSWR<MissingRow[], ApiError>([missingPath(companyId, comparisonId), { all: '1' }], async () => {
    const items: MissingRow[] = [];
    let cursor: string | null = null;
    do {
      const res: Awaited<ReturnType<typeof request<{ items: MissingRow[]; next: string | null }>>> = await request<{ items: MissingRow[]; next: string | null }>(
        missingPath(companyId, comparisonId),
        { query: { limit: 500, cursor: cursor ?? undefined } },
      );
      if (res.error) throw res.error;
      items.push(...res.data.items);
      cursor = res.data.next;
    } while (cursor);
    return items;
  });
}

export function useMissingMerges(companyId: string, comparisonId: string) {
  return useSWR<{ items: MissingMerge[]; next: string | null }, ApiError>([`${comparisonApiPath(companyId, comparisonId)}/missing_discrepancy_merges`, { limit: 500 }]);
}

export interface MissingChange {
  resolved_inclusion?: boolean | null;
  resolved_discrepancy_type?: string | null;
  resolved_notes?: string | null;
  resolved_verifier_notes?: string | null;
  merges?: Array<{ data_point_id: string; merge_value: string | null }>;
}

export function resolveMissing(companyId: string, comparisonId: string, id: string, body: MissingChange & { updated_at: string }) {
  return request<MissingRow & { merges: MissingMerge[] }>(`${missingPath(companyId, comparisonId)}/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

/** Revalidates, in the session's SWR cache, every read a verification write changes (lists, merges, report). */
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
        path.startsWith(`${base}/report`))
    );
  });
}
