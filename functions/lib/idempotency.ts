import { IdempotencyAlreadyInProgressError, IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { Endpoint } from '../../shared/api/endpoint';
import { rawDynamo } from './aws';
import { config } from './config';
import { conflict } from './errors';
import type { ApiEvent } from './http';
import type { Caller } from './tenancy/caller';

/**
 * POSTs that must not run twice (run a comparison, resend a kickoff, export), made idempotent with
 * Powertools: the same caller sending the same `Idempotency-Key` header to the same route within 10
 * minutes (a presigned export link lives 15) gets the first answer again instead of a second run,
 * e-mail or workbook. Records live in the idempotency table (infra/constructs/data.ts); a request
 * that failed leaves none, so it can be retried.
 *
 * Without the header a request is only deduplicated where `withoutKey: 'body'` says so, by its body
 * for a few seconds (a double click, a retried connection): a kickoff e-mail sent twice helps
 * nobody. A run or an export is not, since the same empty body pressed again after an edit is a
 * new intent: the answer would be the previous run or a workbook without the edit. Two runs at once
 * are still refused by the run's claim on the comparison (409).
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
const KEYED_WINDOW_SECONDS = 600;
const UNKEYED_WINDOW_SECONDS = 10;

export const ALREADY_IN_PROGRESS_MESSAGE = 'The same request is still being processed. Wait a moment, then refresh.';

interface IdempotentRequest {
  caller: Caller;
  params: unknown;
  body: unknown;
  event: ApiEvent;
}

let persistence: DynamoDBPersistenceLayer | undefined;
const persistenceStore = () =>
  (persistence ??= new DynamoDBPersistenceLayer({ tableName: config.idempotencyTableName, awsSdkV3Client: rawDynamo() }));

function headerOf(event: ApiEvent, name: string): string | undefined {
  for (const [key, value] of Object.entries(event.headers ?? {})) if (key.toLowerCase() === name) return value;
  return undefined;
}

/** Wraps an endpoint's handler: `serve(endpoint, idempotent(endpoint, async (req) => …))`. */
export function idempotent<Q extends IdempotentRequest, R>(
  endpoint: Endpoint,
  handle: (req: Q) => Promise<R>,
  options: { withoutKey: 'run' | 'body' } = { withoutKey: 'run' },
): (req: Q) => Promise<R> {
  const route = `${endpoint.method} ${endpoint.path}`;
  const made = new Map<number, (payload: unknown, req: IdempotentRequest) => Promise<R>>();
  const within = (seconds: number) => {
    let fn = made.get(seconds);
    if (!fn) {
      // The payload (first argument) is what is hashed; the request rides along untouched.
      fn = makeIdempotent(async (_payload: unknown, req: IdempotentRequest) => handle(req as Q), {
        persistenceStore: persistenceStore(),
        config: new IdempotencyConfig({ expiresAfterSeconds: seconds }),
        keyPrefix: route,
        dataIndexArgument: 0,
      });
      made.set(seconds, fn);
    }
    return fn;
  };
  return async (req) => {
    const key = headerOf(req.event, IDEMPOTENCY_KEY_HEADER)?.trim() || undefined;
    if (!key && options.withoutKey === 'run') return handle(req);
    // The caller is part of the key: two users pressing Export at once get a workbook each.
    const payload = { user: req.caller.user.id, params: req.params ?? null, ...(key ? { key } : { body: req.body ?? null }) };
    try {
      return await within(key ? KEYED_WINDOW_SECONDS : UNKEYED_WINDOW_SECONDS)(payload, req);
    } catch (error) {
      if (error instanceof IdempotencyAlreadyInProgressError) throw conflict(ALREADY_IN_PROGRESS_MESSAGE);
      throw error;
    }
  };
}
