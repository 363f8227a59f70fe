/**
 * How many API handlers run at once in the local server, in arrival order.
 *
 * In AWS each Lambda instance serves one request at a time. Locally every handler shares one
 * process, so without a bound fifty requests in flight share the CPU and DynamoDB Local among
 * themselves: each takes fifty times its own work, and a cheap request waits behind the round
 * trips of every expensive one that started before it. Admitting a few at a time, first come
 * first served, keeps the wait the same for every request, which is what tail latency needs.
 *
 * A handler that is still running after `longAfterMs` (an export, a report over every result)
 * stops counting against the limit, so a few long requests never hold up the short ones.
 */
export interface Admission {
  /** Runs `work` once a place is free; places are given in the order asked for. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Requests admitted and still counted, and requests waiting (for tests and diagnostics). */
  readonly counts: { running: number; waiting: number };
}

export function admission(options: { limit: number; longAfterMs: number }): Admission {
  let running = 0;
  const waiting: Array<() => void> = [];

  const admitNext = () => {
    while (running < options.limit && waiting.length) {
      running++;
      waiting.shift()!();
    }
  };

  async function run<T>(work: () => Promise<T>): Promise<T> {
    if (options.limit <= 0) return work();
    if (running < options.limit && !waiting.length) running++;
    else await new Promise<void>((admitted) => waiting.push(admitted));
    let counted = true;
    const release = () => {
      if (!counted) return;
      counted = false;
      running--;
      admitNext();
    };
    const long = setTimeout(release, options.longAfterMs);
    long.unref();
    try {
      return await work();
    } finally {
      clearTimeout(long);
      release();
    }
  }

  return {
    run,
    get counts() {
      return { running, waiting: waiting.length };
    },
  };
}
