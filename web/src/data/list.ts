import { request, type RequestOptions, type RequestResult } from '../api/request';

/** API lists answer `{ items, next }` (DESIGN "API conventions"); a bare array is accepted too. */
export interface ListPage<T> {
  items: T[];
  next: string | null;
}

export function itemsOf<T>(data: ListPage<T> | T[] | undefined | null): T[] {
  if (!data) return [];
  return Array.isArray(data) ? data : (data.items ?? []);
}

/**
 * A list read page after page by the API's cursor. `next` is null when every row came; it is the
 * cursor of the rest when `maxPages` stopped the read, so the page can say that rows are missing.
 */
export interface PagedList<T> extends ListPage<T> {
  /** Rows per page asked of the API. */
  pageSize: number;
}

/** The SWR key of a list read by `fetchAllPages`: the path first, so path-based revalidation matches it. */
export type AllPagesKey = readonly [path: string, query: { limit: number } & RequestOptions['query'], marker: 'all-pages', maxPages: number];

export const allPagesKey = (path: string, pageSize: number, maxPages: number, query: RequestOptions['query'] = {}): AllPagesKey => [
  path,
  { ...query, limit: pageSize },
  'all-pages',
  maxPages,
];

/** SWR fetcher of an `allPagesKey`: follows `next` until the list ends or `maxPages` were read. */
export async function fetchAllPages<T>([path, query, , maxPages]: AllPagesKey): Promise<PagedList<T>> {
  const items: T[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < maxPages; page++) {
    const result: RequestResult<ListPage<T> | T[]> = await request<ListPage<T> | T[]>(path, { query: { ...query, cursor } });
    if (result.error) throw result.error;
    items.push(...itemsOf(result.data));
    cursor = Array.isArray(result.data) ? null : (result.data?.next ?? null);
    if (!cursor) break;
  }
  return { items, next: cursor, pageSize: query.limit };
}
