import { badRequest } from '../errors';

/**
 * Paging of the comparison lists (DESIGN "API conventions"): `?limit=&cursor=` in (the query is
 * comparisonListQuery of shared/schemas/comparison.ts), `{ items, next }` out.
 */
interface Countable<T> {
  go(options: { count: number; cursor: string | null; order: 'asc' | 'desc' }): Promise<{ data: T[]; cursor: string | null }>;
}

/** One page of exactly `limit` matches (after filters) unless the query runs out; newest first. */
export async function pageNewestFirst<T>(query: Countable<T>, request: { limit?: number; cursor?: string }): Promise<{ items: T[]; next: string | null }> {
  try {
    const { data, cursor } = await query.go({ count: request.limit ?? 100, cursor: request.cursor ?? null, order: 'desc' });
    return { items: data, next: cursor ?? null };
  } catch (error) {
    if (request.cursor && /cursor/i.test((error as Error).message)) throw badRequest('The cursor is not valid for this list.', { cursor: 'Invalid cursor' });
    throw error;
  }
}
