/**
 * A read-through cache whose entries live `ttlMs` from the moment they were read, never longer: a
 * hit does not renew an entry, so a value polled every second is still read again every `ttlMs`.
 * Misses (null/undefined) are not kept.
 *
 * Callers asking for the same key while it is being read share that one read, so fifty requests
 * arriving together after an entry expired cost one read, not fifty. A `forget` during a read
 * wins: the read's answer goes to those already waiting but is not kept, since it may predate the
 * write that asked to forget.
 */
export function expiringCache<K, V>(
  read: (key: K) => Promise<V | null | undefined>,
  ttlMs: number,
  now: () => number = Date.now,
  options: { refreshAfterMs?: number } = {},
) {
  const entries = new Map<K, { readAt: number; value: V }>();
  const reading = new Map<K, Promise<V | null | undefined>>();
  const refreshAfterMs = options.refreshAfterMs ?? ttlMs;
  return {
    /** The value of `key`, read again when older than `maxAgeMs` (at most the ttl). */
    async get(key: K, maxAgeMs = ttlMs): Promise<V | null | undefined> {
      const hit = entries.get(key);
      if (hit && now() - hit.readAt < Math.min(maxAgeMs, ttlMs)) {
        // Near the end of its life an entry is read again in the background while the fresh
        // enough value still answers, so busy keys never make their callers wait for the read.
        if (now() - hit.readAt >= refreshAfterMs && !reading.has(key)) start(key).catch(() => undefined);
        return hit.value;
      }
      return reading.get(key) ?? start(key);
    },
    forget(key: K): void {
      entries.delete(key);
      reading.delete(key);
    },
    /** Forgets every entry (a write that may change many keys at once). */
    clear(): void {
      entries.clear();
      reading.clear();
    },
  };

  function start(key: K): Promise<V | null | undefined> {
    const readAt = now();
    const current = read(key).then(
      (value) => {
        if (reading.get(key) === current) {
          reading.delete(key);
          if (value === null || value === undefined) entries.delete(key);
          else entries.set(key, { readAt, value });
        }
        return value;
      },
      (error: unknown) => {
        if (reading.get(key) === current) reading.delete(key);
        throw error;
      },
    );
    reading.set(key, current);
    return current;
  }
}
