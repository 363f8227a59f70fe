import { describe, expect, it } from 'vitest';
import { listQuery, pageOfArray } from './pagination';

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
