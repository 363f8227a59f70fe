import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../errors';

/** What DynamoDB answers the next TransactWriteItems: nothing (written) or the reasons of a cancellation. */
let reasons: { Code: string }[] | null = null;
const send = vi.fn(async () => {
  if (!reasons) return {};
  throw new TransactionCanceledException({ message: 'Transaction cancelled', $metadata: {}, CancellationReasons: reasons });
});
vi.mock('../aws', () => ({ dynamo: () => ({ send }) }));

vi.stubEnv('TABLE_NAME', 'dvp-test');
const { transactWrite, transactWriteOrConflict, TransactionRefusedError, MAX_TRANSACTION_ITEMS } = await import('./transactions');

const key = (id: string) => ({ organization_id: 'o', company_id: 'c', id });
const twoPatches = () =>
  transactWrite(({ task }) => [
    task.patch(key('a')).set({ completed_at: 'x' }).commit(),
    task.patch(key('b')).set({ completed_at: 'x' }).commit(),
  ]);

describe('transactWrite: a cancelled transaction says why', () => {
  beforeEach(() => {
    reasons = null;
    send.mockClear();
  });

  it('answers no failed condition when everything was written', async () => {
    await expect(twoPatches()).resolves.toEqual({ failedConditions: [] });
  });

  it('a conflict with another transaction that then clears is written on the next try', async () => {
    reasons = [{ Code: 'TransactionConflict' }, { Code: 'None' }];
    send.mockImplementationOnce(async () => {
      reasons = null;
      throw new TransactionCanceledException({ message: 'Transaction cancelled', $metadata: {}, CancellationReasons: [{ Code: 'TransactionConflict' }, { Code: 'None' }] });
    });
    await expect(twoPatches()).resolves.toEqual({ failedConditions: [] });
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('names the items whose condition failed, and the stale variant answers 409 with the caller’s message', async () => {
    reasons = [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }];
    await expect(twoPatches()).resolves.toEqual({ failedConditions: [1] });
    const stale = transactWriteOrConflict(({ task }) => [task.patch(key('a')).set({ completed_at: 'x' }).commit()], (failed) => `item ${failed.join()} changed`);
    await expect(stale).rejects.toMatchObject({ status: 409, message: 'item 1 changed' });
  });

  it('another transaction on the same items is tried again, then 503; throttling is 429; both say to try again', async () => {
    reasons = [{ Code: 'TransactionConflict' }, { Code: 'None' }];
    const conflicted = await twoPatches().catch((e: unknown) => e);
    expect(conflicted).toBeInstanceOf(HttpError);
    expect(conflicted).toMatchObject({ status: 503, message: expect.stringMatching(/try again/i) });
    expect(send).toHaveBeenCalledTimes(3);
    send.mockClear();
    reasons = [{ Code: 'ThrottlingError' }, { Code: 'None' }];
    await expect(twoPatches()).rejects.toMatchObject({ status: 429, message: expect.stringMatching(/try again/i) });
  });

  it('a refusal no retry can fix (an item too large) is a defect, not a conflict', async () => {
    reasons = [{ Code: 'None' }, { Code: 'ValidationError' }];
    const refused = await twoPatches().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TransactionRefusedError);
    expect(refused).not.toBeInstanceOf(HttpError);
    expect((refused as Error).message).toContain('item 1 ValidationError');
  });

  it('refuses more items than DynamoDB takes before sending anything', async () => {
    const tooMany = transactWrite(({ task }) => Array.from({ length: MAX_TRANSACTION_ITEMS + 1 }, (_, i) => task.patch(key(`t${i}`)).set({ completed_at: 'x' }).commit()));
    await expect(tooMany).rejects.toThrow(/101 items is over DynamoDB's limit of 100/);
    expect(send).not.toHaveBeenCalled();
  });
});
