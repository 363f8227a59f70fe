import type { z } from 'zod';
import type { pageOf } from '../../../shared/schemas/paging';
import { useApi, type ItemOf, type ListEndpoint, type ParamsOf, type QueryOf } from '../api/endpoints';

/** A page of a list as the API answers it (DESIGN "API conventions"); a list read whole has the same items. */
type ListPage<T> = z.output<ReturnType<typeof pageOf<z.ZodType<T>>>>;

export function itemsOf<T>(data: ListPage<T> | undefined | null): T[] {
  return data?.items ?? [];
}

/**
 * Lists are read page by page (1,000 rows each) and sorted, filtered and paged in the grid, which
 * needs every row to sort and search them all. A list longer than LIST_MAX_PAGES pages stops there
 * and says so (`truncated`), rather than dropping rows without a word.
 */
export const LIST_PAGE_SIZE = 1000;
export const LIST_MAX_PAGES = 20;

/** One list endpoint read whole (up to the cap); its rows are the endpoint's items. `params` null reads nothing. */
export function useList<E extends ListEndpoint>(endpoint: E, params: ParamsOf<E> | null, query?: QueryOf<E>, pages = { pageSize: LIST_PAGE_SIZE, maxPages: LIST_MAX_PAGES }) {
  const result = useApi(endpoint, params, { query, allPages: pages });
  return { ...result, items: itemsOf<ItemOf<E>>(result.data), truncated: !!result.data?.next };
}
