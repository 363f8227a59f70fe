import { AsyncLocalStorage } from 'node:async_hooks';
import { dynamo } from '../../functions/lib/aws';
import { setPhaseTimer } from '../../functions/lib/request-phases';

/**
 * Where the time of one API request goes, for finding what makes the API slow: with
 * DVP_REQUEST_TIMING=1 every request writes one line `request-timing {json}` to stderr with the
 * milliseconds of its phases (token check, caller, handler, serialisation) and of its DynamoDB
 * calls. Off by default. The line names the route template only (`GET /api/companies/{company_id}`),
 * never an id, a query, a body or a user, so it carries no personal data.
 */
export interface RequestTiming {
  route: string;
  started: number;
  phases: Record<string, number>;
  dbCalls: number;
  dbMs: number;
}

const store = new AsyncLocalStorage<RequestTiming>();

export const timingEnabled = () => process.env.DVP_REQUEST_TIMING === '1';

/** Runs `work` with a timing record for the request, and writes its line when it ends. */
export async function withRequestTiming<T>(route: string, work: () => Promise<T>, status: (value: T) => number): Promise<T> {
  if (!timingEnabled() || store.getStore()) return work();
  const timing: RequestTiming = { route, started: performance.now(), phases: {}, dbCalls: 0, dbMs: 0 };
  const value = await store.run(timing, work);
  const line = {
    route,
    status: status(value),
    total: round(performance.now() - timing.started),
    ...Object.fromEntries(Object.entries(timing.phases).map(([k, v]) => [k, round(v)])),
    db_calls: timing.dbCalls,
    db_ms: round(timing.dbMs),
  };
  process.stderr.write(`request-timing ${JSON.stringify(line)}\n`);
  return value;
}

/** Adds the time `work` takes to the request's phase `name` (nothing when timing is off). */
export async function timePhase<T>(name: string, work: () => Promise<T> | T): Promise<T> {
  const timing = store.getStore();
  if (!timing) return work();
  const t = performance.now();
  try {
    return await work();
  } finally {
    timing.phases[name] = (timing.phases[name] ?? 0) + performance.now() - t;
  }
}

/** Counts one DynamoDB call of the current request. */
function recordDbCall(ms: number) {
  const timing = store.getStore();
  if (!timing) return;
  timing.dbCalls++;
  timing.dbMs += ms;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

let instrumented = false;
/**
 * With timing on, times the request wrapper's phases and every call of the DynamoDB client into
 * the current request's record (once per process).
 */
export function startRequestTiming() {
  if (instrumented || !timingEnabled()) return;
  instrumented = true;
  setPhaseTimer(timePhase);
  dynamo().middlewareStack.add(
    (next) => async (args) => {
      const t = performance.now();
      try {
        return await next(args);
      } finally {
        recordDbCall(performance.now() - t);
      }
    },
    { step: 'initialize', name: 'requestTiming' },
  );
}
