import { HttpError, conflict } from '../errors';
import { db } from './service';

/** The entities a write transaction hands its callback, and the writes it gives back (ElectroDB names neither type). */
export type TransactionBuilder = Parameters<ReturnType<typeof db>['transaction']['write']>[0];
export type TransactionEntities = Parameters<TransactionBuilder>[0];
export type TransactionItem = ReturnType<TransactionBuilder>[number];

/** DynamoDB's limit on the items of one transaction. */
export const MAX_TRANSACTION_ITEMS = 100;

export const BUSY_MESSAGE = 'Someone else is saving the same records right now. Try again in a moment.';
export const THROTTLED_MESSAGE = 'The platform is busy right now. Try again in a moment.';

/** One reason DynamoDB gives per item of a cancelled transaction, in the order the items were built. */
export interface CancellationReason {
  index: number;
  code: string;
}

/**
 * A transaction DynamoDB refused for a reason no request can fix (too large an item or
 * transaction, a malformed expression): a defect, answered 500 and logged by the request handler.
 */
export class TransactionRefusedError extends Error {
  constructor(readonly reasons: CancellationReason[]) {
    super(`the write transaction was cancelled: ${reasons.map((r) => `item ${r.index} ${r.code}`).join(', ')}`);
    this.name = 'TransactionRefusedError';
  }
}

const THROTTLING = new Set(['ThrottlingError', 'ProvisionedThroughputExceeded', 'RequestLimitExceeded']);

/**
 * The one way the API writes a transaction. Answers the indexes of the items whose condition
 * failed (empty when everything was written), so the caller can say what changed. Every other
 * cancellation is mapped here once: another transaction on the same items is tried again a few
 * times (nothing was written, and the retry tells a real conflict from a lost condition), then
 * 503; throttling → 429; anything else → TransactionRefusedError (500). More items than DynamoDB
 * allows is refused before anything is sent.
 */
export async function transactWrite(build: TransactionBuilder): Promise<{ failedConditions: number[] }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transactWriteOnce(build);
    } catch (error) {
      if (!(error instanceof HttpError && error.status === 503) || attempt >= CONFLICT_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 30));
    }
  }
}

const CONFLICT_ATTEMPTS = 3;

async function transactWriteOnce(build: TransactionBuilder): Promise<{ failedConditions: number[] }> {
  let size = 0;
  const result = await db()
    .transaction.write((entities) => {
      const items = build(entities);
      size = items.length;
      if (size > MAX_TRANSACTION_ITEMS) throw new Error(`a write transaction of ${size} items is over DynamoDB's limit of ${MAX_TRANSACTION_ITEMS}`);
      return items;
    })
    .go();
  if (!result.canceled) return { failedConditions: [] };
  // ElectroDB hands back one { code } per item, 'None' for the items that were not the reason.
  const codes = (result.data as ReadonlyArray<{ code?: string }>).map((r) => r.code ?? 'None');
  const reasons: CancellationReason[] = codes.map((code, index) => ({ index, code })).filter((r) => r.code !== 'None');
  if (reasons.length === 0) throw new TransactionRefusedError([{ index: -1, code: `unknown (of ${size} items)` }]);
  const failedConditions = reasons.filter((r) => r.code === 'ConditionalCheckFailed').map((r) => r.index);
  if (failedConditions.length === reasons.length) return { failedConditions };
  if (reasons.some((r) => THROTTLING.has(r.code))) throw new HttpError(429, THROTTLED_MESSAGE);
  if (reasons.every((r) => r.code === 'TransactionConflict' || r.code === 'ConditionalCheckFailed')) {
    // A condition that failed beside a conflict may have failed only because of the other writer: retrying tells.
    throw new HttpError(503, BUSY_MESSAGE);
  }
  throw new TransactionRefusedError(reasons);
}

/**
 * transactWrite for writes whose conditions guard against a change made since the request read:
 * a failed condition is 409 with the message `staleMessage` gives for the items that failed.
 */
export async function transactWriteOrConflict(build: TransactionBuilder, staleMessage: string | ((failed: number[]) => string) = conflict().message): Promise<void> {
  const { failedConditions } = await transactWrite(build);
  if (failedConditions.length) throw conflict(typeof staleMessage === 'string' ? staleMessage : staleMessage(failedConditions));
}

/** Splits items into runs of at most `size`, in order. */
export function chunked<T>(items: readonly T[], size = MAX_TRANSACTION_ITEMS): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
