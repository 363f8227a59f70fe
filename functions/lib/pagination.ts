/**
 * List pagination (DESIGN "API conventions"): lists take `?limit=&cursor=` and answer
 * `{ items, next }`, `next` being the cursor of the following page or null. DynamoDB queries hand
 * back their own cursor; lists assembled in memory (filtered or merged) use an offset cursor.
 */
import { z } from 'zod';
import { badRequest } from './errors';

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

export interface Page<T> {
  items: T[];
  next: string | null;
}
export interface PageRequest {
  limit?: number;
  cursor?: string;
}

/** The query-string part every list accepts; extend it for filters (`listQuery.extend({ agency_id })`). */
export const listQuery = z.object({
  limit: z.coerce
    .number({ error: `limit must be between 1 and ${MAX_PAGE_SIZE}` })
    .int({ error: `limit must be between 1 and ${MAX_PAGE_SIZE}` })
    .min(1, { error: `limit must be between 1 and ${MAX_PAGE_SIZE}` })
    .max(MAX_PAGE_SIZE, { error: `limit must be between 1 and ${MAX_PAGE_SIZE}` })
    .optional(),
  cursor: z.string().min(1).optional(),
});

interface GoQuery<T> {
  go(options: { limit?: number; cursor?: string | null }): Promise<{ data: T[]; cursor: string | null }>;
}

/** One page of an ElectroDB query. */
export async function pageOfQuery<T>(query: GoQuery<T>, request: PageRequest): Promise<Page<T>> {
  try {
    const { data, cursor } = await query.go({ limit: request.limit ?? DEFAULT_PAGE_SIZE, cursor: request.cursor ?? null });
    return { items: data, next: cursor ?? null };
  } catch (error) {
    if (request.cursor && /cursor/i.test((error as Error).message)) throw badRequest('The cursor is not valid for this list.', { cursor: 'Invalid cursor' });
    throw error;
  }
}

const encodeOffset = (offset: number) => Buffer.from(JSON.stringify({ o: offset })).toString('base64url');
function decodeOffset(cursor: string | undefined): number {
  if (!cursor) return 0;
  try {
    const { o } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { o: unknown };
    if (typeof o === 'number' && Number.isInteger(o) && o >= 0) return o;
  } catch {
    /* fall through */
  }
  throw badRequest('The cursor is not valid for this list.', { cursor: 'Invalid cursor' });
}

/** One page of a list already in memory (in a stable order). */
export function pageOfArray<T>(items: readonly T[], request: PageRequest): Page<T> {
  const limit = request.limit ?? DEFAULT_PAGE_SIZE;
  const offset = decodeOffset(request.cursor);
  const slice = items.slice(offset, offset + limit);
  return { items: slice, next: offset + limit < items.length ? encodeOffset(offset + limit) : null };
}
