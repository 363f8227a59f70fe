/**
 * A read-through cache whose entries live `ttlMs` from the moment they were read, never longer: a
 * hit does not renew an entry, so a value polled every second is still read again every `ttlMs`.
 * Misses (null/undefined) are not kept.
 */
export function expiringCache<K, V>(read: (key: K) => Promise<V | null | undefined>, ttlMs: number, now: () => number = Date.now) {
  const entries = new Map<K, { readAt: number; value: V }>();
  return {
    async get(key: K): Promise<V | null | undefined> {
      const hit = entries.get(key);
      if (hit && now() - hit.readAt < ttlMs) return hit.value;
      const readAt = now();
      const value = await read(key);
      if (value === null || value === undefined) entries.delete(key);
      else entries.set(key, { readAt, value });
      return value;
    },
    forget(key: K): void {
      entries.delete(key);
    },
  };
}
