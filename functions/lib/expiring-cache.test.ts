import { describe, expect, it } from 'vitest';
import { expiringCache } from './expiring-cache';

describe('expiringCache', () => {
  function setup(ttlMs = 5_000) {
    let clock = 0;
    const table = new Map<string, { disabled: boolean }>([['u1', { disabled: false }]]);
    let reads = 0;
    const cache = expiringCache(
      async (id: string) => {
        reads++;
        return table.get(id) ? { ...table.get(id)! } : undefined;
      },
      ttlMs,
      () => clock,
    );
    return { cache, table, reads: () => reads, advance: (ms: number) => (clock += ms) };
  }

  it('sees a change made elsewhere within the ttl even when polled every 2 s', async () => {
    const t = setup();
    expect(await t.cache.get('u1')).toEqual({ disabled: false });
    t.table.set('u1', { disabled: true });
    const seen: boolean[] = [];
    for (let i = 0; i < 5; i++) {
      t.advance(2_000);
      seen.push((await t.cache.get('u1'))!.disabled);
    }
    // Read at 0 s; hits at 2 s and 4 s; read again at 6 s (the disable shows), hits at 8 s and 10 s.
    expect(seen).toEqual([false, false, true, true, true]);
    expect(t.reads()).toBe(2);
  });

  it('answers hits from memory inside the ttl', async () => {
    const t = setup();
    await t.cache.get('u1');
    t.advance(4_999);
    await t.cache.get('u1');
    expect(t.reads()).toBe(1);
  });

  it('does not keep misses, and forgets on demand', async () => {
    const t = setup();
    expect(await t.cache.get('nobody')).toBeUndefined();
    t.table.set('nobody', { disabled: false });
    expect(await t.cache.get('nobody')).toEqual({ disabled: false });
    await t.cache.get('u1');
    t.table.set('u1', { disabled: true });
    t.cache.forget('u1');
    expect((await t.cache.get('u1'))!.disabled).toBe(true);
  });
});
