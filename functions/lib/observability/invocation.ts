import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What belongs to one invocation: the keys every log line of it carries (request id, route,
 * correlation id) and the metrics it flushes when it ends. Kept per async context rather than on
 * the shared Logger and Metrics instances because the local stack runs many invocations at once in
 * one process, where keys appended to a shared instance would land on other requests' lines.
 */
export interface Invocation {
  keys: Record<string, unknown>;
  metrics: MetricsBuffer;
}

/** The data points and dimensions an invocation recorded, in the order it recorded them. */
export interface MetricsBuffer {
  dimensions: Array<[string, string]>;
  points: Array<[string, string, number]>;
}

const store = new AsyncLocalStorage<Invocation>();

export const currentInvocation = (): Invocation | undefined => store.getStore();

export function runInvocation<T>(invocation: Invocation, work: () => Promise<T>): Promise<T> {
  return store.run(invocation, work);
}

/** Adds keys to the current invocation's log lines (the caller, once it is known). */
export function appendInvocationKeys(keys: Record<string, unknown>) {
  const invocation = store.getStore();
  if (invocation) Object.assign(invocation.keys, keys);
}
