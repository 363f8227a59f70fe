import { z } from 'zod';
import { badRequest } from '../errors';

/** `?limit=&cursor=` of the comparison lists (DESIGN "API conventions"): `{ items, next }` out. */
export const MAX_LIST_LIMIT = 500;
export const comparisonListQuery = z
  .object({
    limit: z.coerce
      .number({ error: `limit must be between 1 and ${MAX_LIST_LIMIT}` })
      .int()
      .min(1, { error: `limit must be between 1 and ${MAX_LIST_LIMIT}` })
      .max(MAX_LIST_LIMIT, { error: `limit must be between 1 and ${MAX_LIST_LIMIT}` })
      .optional(),
    cursor: z.string().min(1).optional(),
    company_id: z.string().min(1).optional(),
  })
  .strict();
export type ComparisonListQuery = z.infer<typeof comparisonListQuery>;

interface Countable<T> {
  go(options: { count: number; cursor: string | null; order: 'asc' | 'desc' }): Promise<{ data: T[]; cursor: string | null }>;
}

/** One page of exactly `limit` matches (after filters) unless the query runs out; newest first. */
export async function pageNewestFirst<T>(query: Countable<T>, request: { limit?: number; cursor?: string }) {
  try {
    const { data, cursor } = await query.go({ count: request.limit ?? 100, cursor: request.cursor ?? null, order: 'desc' });
    return { items: data, next: cursor ?? null };
  } catch (error) {
    if (request.cursor && /cursor/i.test((error as Error).message)) throw badRequest('The cursor is not valid for this list.', { cursor: 'Invalid cursor' });
    throw error;
  }
}
