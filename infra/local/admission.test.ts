import { afterEach, describe, expect, it, vi } from 'vitest';
import { admission } from './admission';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = () => new Promise((r) => setImmediate(r));

describe('admission of local API handlers', () => {
  afterEach(() => vi.useRealTimers());

  it('runs at most the limit at once and admits the rest in arrival order', async () => {
    const gate = admission({ limit: 2, longAfterMs: 60_000 });
    const started: number[] = [];
    const jobs = [0, 1, 2, 3].map(() => deferred());
    const runs = jobs.map((job, i) =>
      gate.run(async () => {
        started.push(i);
        await job.promise;
        return i;
      }),
    );
    await flush();
    expect(started).toEqual([0, 1]);
    expect(gate.counts).toEqual({ running: 2, waiting: 2 });

    jobs[1].resolve();
    await flush();
    expect(started).toEqual([0, 1, 2]);

    jobs[0].resolve();
    jobs[2].resolve();
    jobs[3].resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(gate.counts).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the place of a handler that failed', async () => {
    const gate = admission({ limit: 1, longAfterMs: 60_000 });
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 'next')).toBe('next');
    expect(gate.counts).toEqual({ running: 0, waiting: 0 });
  });

  it('stops counting a long handler, so the requests behind it go on', async () => {
    vi.useFakeTimers();
    const gate = admission({ limit: 1, longAfterMs: 500 });
    const exportJob = deferred();
    const slow = gate.run(() => exportJob.promise);
    let shortDone = false;
    const short = gate.run(async () => {
      shortDone = true;
    });
    await vi.advanceTimersByTimeAsync(499);
    expect(shortDone).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await short;
    expect(shortDone).toBe(true);

    // The long one finishing later does not free a place twice.
    exportJob.resolve();
    await slow;
    expect(gate.counts).toEqual({ running: 0, waiting: 0 });
  });

  it('runs everything at once when the limit is 0', async () => {
    const gate = admission({ limit: 0, longAfterMs: 500 });
    const jobs = [deferred(), deferred(), deferred()];
    let started = 0;
    const runs = jobs.map((job) =>
      gate.run(async () => {
        started++;
        await job.promise;
      }),
    );
    await flush();
    expect(started).toBe(3);
    for (const job of jobs) job.resolve();
    await Promise.all(runs);
  });
});
