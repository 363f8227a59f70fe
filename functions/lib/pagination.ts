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

/** A cursor this API did not hand out, or one of another list: thrown by the pager's decode, answered 400. */
export class InvalidCursorError extends Error {
  constructor() {
    super(INVALID_CURSOR_MESSAGE);
    this.name = 'InvalidCursorError';
  }
}

const INVALID_CURSOR_MESSAGE = 'The cursor is not valid for this list.';
const invalidCursor = () => badRequest(INVALID_CURSOR_MESSAGE, { cursor: 'Invalid cursor' });

/** The page's items and the cursor of the next page, as ElectroDB answers a query. */
interface Read<T> {
  data: T[];
  cursor: string | null;
}

/** What the pager needs of an ElectroDB query: its parameters (to check a cursor against) and `go`. */
interface PagedQuery {
  params?: () => unknown;
}

/**
 * The key a query cursor carries (ElectroDB's: base64url JSON of the last key read), checked to be
 * a key of this query's partition: anything else is InvalidCursorError.
 */
export function decodeQueryCursor(cursor: string | undefined, query?: PagedQuery): string | null {
  if (!cursor) return null;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError();
  }
  if (!key || typeof key !== 'object' || Array.isArray(key)) throw new InvalidCursorError();
  const values = Object.values(key);
  if (!values.length || !values.every((v) => typeof v === 'string' || typeof v === 'number')) throw new InvalidCursorError();
  const partition = partitionOf(query);
  if (partition && (key as Record<string, unknown>)[partition.field] !== partition.value) throw new InvalidCursorError();
  return cursor;
}

/** The partition key field and value a query reads (ElectroDB names them #pk and :pk). */
function partitionOf(query: PagedQuery | undefined): { field: string; value: unknown } | null {
  if (!query?.params) return null;
  const params = query.params() as { ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: Record<string, unknown> };
  const field = params.ExpressionAttributeNames?.['#pk'];
  return field ? { field, value: params.ExpressionAttributeValues?.[':pk'] } : null;
}

/**
 * The one pager of the API's query lists: the request's cursor decoded (a bad one is 400, told by
 * its type), `read` called from it, `{ items, next }` out. `read` chooses how a page is read (a
 * plain limit, a count after filters, newest first, by the megabyte).
 */
export async function pageWith<T>(query: PagedQuery, cursor: string | undefined, read: (cursor: string | null) => Promise<Read<T>>): Promise<Page<T>> {
  let start: string | null;
  try {
    start = decodeQueryCursor(cursor, query);
  } catch (error) {
    if (error instanceof InvalidCursorError) throw invalidCursor();
    throw error;
  }
  const { data, cursor: next } = await read(start);
  return { items: data, next: next ?? null };
}

interface GoQuery<T> extends PagedQuery {
  go(options: { limit?: number; count?: number; cursor?: string | null; order?: 'asc' | 'desc' }): Promise<Read<T>>;
}

/**
 * One page of an ElectroDB query. `filtered`: the query has filters, so ElectroDB's `count` keeps
 * reading until the page is full after them (a plain limit stops at DynamoDB's Limit and answers
 * short pages).
 */
export function pageOfQuery<T>(query: GoQuery<T>, request: PageRequest, options: { filtered?: boolean; order?: 'asc' | 'desc' } = {}): Promise<Page<T>> {
  const size = request.limit ?? DEFAULT_PAGE_SIZE;
  return pageWith(query, request.cursor, (cursor) =>
    query.go({ ...(options.filtered ? { count: size } : { limit: size }), cursor, ...(options.order ? { order: options.order } : {}) }),
  );
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
  throw new InvalidCursorError();
}

/** One page of a list already in memory (in a stable order). */
export function pageOfArray<T>(items: readonly T[], request: PageRequest): Page<T> {
  const limit = request.limit ?? DEFAULT_PAGE_SIZE;
  let offset: number;
  try {
    offset = decodeOffset(request.cursor);
  } catch (error) {
    if (error instanceof InvalidCursorError) throw invalidCursor();
    throw error;
  }
  const slice = items.slice(offset, offset + limit);
  return { items: slice, next: offset + limit < items.length ? encodeOffset(offset + limit) : null };
}
