import { z } from 'zod';

/**
 * List pagination (DESIGN "API conventions"): lists take `?limit=&cursor=` and answer
 * `{ items, next }`, `next` being the cursor of the following page or null.
 */
export const MAX_PAGE_SIZE = 1000;

const limitMessage = `limit must be between 1 and ${MAX_PAGE_SIZE}`;

/** The query-string part every list accepts; extend it for filters (`listQuery.extend({ agency_id })`). */
export const listQuery = z.object({
  limit: z.coerce.number({ error: limitMessage }).int({ error: limitMessage }).min(1, { error: limitMessage }).max(MAX_PAGE_SIZE, { error: limitMessage }).optional(),
  cursor: z.string().min(1).optional(),
});

/** The answer of a list: one page of `item` and the cursor of the next page. */
export const pageOf = <T extends z.ZodType>(item: T) => z.strictObject({ items: z.array(item), next: z.string().nullable() });
