import { describe, expect, it, vi } from 'vitest';
import { decodeQueryCursor, InvalidCursorError, listQuery, pageOfArray, pageOfQuery } from './pagination';

describe('pageOfArray', () => {
  const items = Array.from({ length: 5 }, (_, i) => i);

  it('walks a list page by page with the cursor it hands back', () => {
    const first = pageOfArray(items, { limit: 2 });
    const second = pageOfArray(items, { limit: 2, cursor: first.next! });
    const third = pageOfArray(items, { limit: 2, cursor: second.next! });
    expect([first.items, second.items, third.items]).toEqual([[0, 1], [2, 3], [4]]);
    expect(third.next).toBeNull();
  });

  it('refuses a cursor it did not make with 400', () => {
    expect(() => pageOfArray(items, { cursor: 'nonsense' })).toThrow(/cursor/);
  });
});

describe('listQuery', () => {
  it('reads limit from the query string and refuses one out of range, naming it', () => {
    expect(listQuery.parse({ limit: '20' })).toEqual({ limit: 20 });
    const bad = listQuery.safeParse({ limit: '0' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.message).toBe('limit must be between 1 and 1000');
  });
});

describe('the query pager', () => {
  const cursorOf = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');
  const query = (pk: string) => {
    const go = vi.fn(async (options: { cursor?: string | null }) => ({ data: [options.cursor ?? 'first'], cursor: null }));
    return { go, params: () => ({ ExpressionAttributeNames: { '#pk': 'gsi1pk' }, ExpressionAttributeValues: { ':pk': pk } }) };
  };

  it('hands a cursor of its own list to the query', async () => {
    const q = query('org#1');
    const cursor = cursorOf({ pk: 'x', sk: 'y', gsi1pk: 'org#1', gsi1sk: 'z' });
    await expect(pageOfQuery(q, { cursor })).resolves.toEqual({ items: [cursor], next: null });
  });

  it.each([
    ['not base64 JSON', 'nonsense!'],
    ['JSON that is no key', cursorOf(['a'])],
    ['the key of another list', cursorOf({ pk: 'x', sk: 'y', gsi1pk: 'org#2', gsi1sk: 'z' })],
  ])('tells a cursor that is %s by its type, and the list answers 400 without reading', async (_, cursor) => {
    const q = query('org#1');
    expect(() => decodeQueryCursor(cursor, q)).toThrow(InvalidCursorError);
    await expect(pageOfQuery(q, { cursor })).rejects.toMatchObject({ status: 400, message: 'The cursor is not valid for this list.', errors: { cursor: 'Invalid cursor' } });
    expect(q.go).not.toHaveBeenCalled();
  });
});
