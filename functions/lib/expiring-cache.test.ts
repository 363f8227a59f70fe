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

describe('expiringCache under concurrent requests', () => {
  it('shares one read among callers asking for the same key at once', async () => {
    let reads = 0;
    const cache = expiringCache(async (id: string) => {
      reads++;
      await new Promise((r) => setTimeout(r, 5));
      return { id };
    }, 5_000);
    const answers = await Promise.all(Array.from({ length: 50 }, () => cache.get('u1')));
    expect(answers.every((a) => a?.id === 'u1')).toBe(true);
    expect(reads).toBe(1);
  });

  it('does not keep a value read before a forget that came during the read', async () => {
    const table = new Map([['u1', { disabled: false }]]);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let first = true;
    const cache = expiringCache(async (id: string) => {
      const value = { ...table.get(id)! };
      if (first) {
        first = false;
        await gate;
      }
      return value;
    }, 5_000);
    const during = cache.get('u1');
    table.set('u1', { disabled: true });
    cache.forget('u1');
    release();
    expect((await during)!.disabled).toBe(false);
    expect((await cache.get('u1'))!.disabled).toBe(true);
  });
});

describe('expiringCache refreshing ahead', () => {
  it('answers from memory while re-reading near the end of the ttl, and never serves a value older than the ttl', async () => {
    let clock = 0;
    const table = new Map([['u1', { role: 'ADMIN' }]]);
    let reads = 0;
    const cache = expiringCache(
      async (id: string) => {
        reads++;
        return { ...table.get(id)! };
      },
      5_000,
      () => clock,
      { refreshAfterMs: 4_000 },
    );
    expect((await cache.get('u1'))!.role).toBe('ADMIN');
    table.set('u1', { role: 'COMPANY_USER' });
    clock = 4_500;
    // Still the value read at 0 s (4.5 s old), while a new read starts behind it.
    expect((await cache.get('u1'))!.role).toBe('ADMIN');
    await new Promise((r) => setTimeout(r, 0));
    expect(reads).toBe(2);
    expect((await cache.get('u1'))!.role).toBe('COMPANY_USER');
    clock = 9_600;
    // The refreshed value was read at 4.5 s: past 5 s of age it is read again before answering.
    table.set('u1', { role: 'ORGANIZATION_USER' });
    expect((await cache.get('u1'))!.role).toBe('ORGANIZATION_USER');
  });
});
