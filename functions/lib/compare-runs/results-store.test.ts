import { beforeEach, describe, expect, it, vi } from 'vitest';

const sent: number[] = [];
const transactions: number[] = [];
vi.mock('../aws', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../aws')>()),
  dynamo: () => ({
    send: async (command: { input: { RequestItems?: Record<string, unknown[]>; TransactItems?: unknown[] } }) => {
      if (command.input.TransactItems) transactions.push(command.input.TransactItems.length);
      else sent.push(Object.values(command.input.RequestItems!)[0]!.length);
      return { UnprocessedItems: {} };
    },
  }),
}));
process.env.TABLE_NAME = 'dvp-test';
const { discrepancyId, missingId, otherRunsRanges, writeAll } = await import('./results-store');

const requests = (n: number) => Array.from({ length: n }, (_, i) => ({ PutRequest: { Item: { pk: 'p', sk: `s${i}` } } }));

describe('writing results in batches', () => {
  beforeEach(() => {
    sent.length = 0;
    transactions.length = 0;
    delete process.env.DVP_RESULT_WRITES;
  });

  it('writes everything in batches of at most 25 and reports progress', async () => {
    const progress: number[] = [];

    const written = await writeAll(requests(60), (n) => void progress.push(n));

    expect(written).toBe(60);
    expect(sent.sort((a, b) => a - b)).toEqual([10, 25, 25]);
    expect(Math.max(...progress)).toBe(60);
  });

  it('writes in transactions of at most 100 where the stack asks for them (DynamoDB Local commits each transaction once)', async () => {
    process.env.DVP_RESULT_WRITES = 'transactions';
    const progress: number[] = [];

    const written = await writeAll(requests(250), (n) => void progress.push(n));

    expect(written).toBe(250);
    expect(sent).toEqual([]);
    expect(transactions.sort((a, b) => a - b)).toEqual([50, 100, 100]);
    expect(Math.max(...progress)).toBe(250);
  });

  it('starts no batch after the deadline and says how many were written, for the hand-over', async () => {
    const none = await writeAll(requests(60), undefined, 8, Date.now() - 1);

    expect(none).toBe(0);
    expect(sent).toEqual([]);
  });
});

describe('the results a run removes once its own are written', () => {
  const run = 'abcdef12-0000-4000-8000-000000000000';
  const removed = (id: string) => otherRunsRanges(run).some(([from, to]) => id >= from.id && id <= to.id);

  it('reaches every other run\'s results, sorted before or after its own, and none of its own', () => {
    const own = [discrepancyId(run, 0), discrepancyId(run, 9_999_999), missingId(run, 0), missingId(run, 1234)];
    const others = ['00000000-0000-4000-8000-000000000000', 'abcdef11-ffff-4fff-8fff-ffffffffffff', 'abcdef13-0000-4000-8000-000000000000', 'abcdef1f-0000', 'ffffffff-ffff-4fff-8fff-ffffffffffff'].flatMap(
      (other) => [discrepancyId(other, 0), discrepancyId(other, 42), missingId(other, 7)],
    );

    expect(own.filter(removed)).toEqual([]);
    expect(others.filter((id) => !removed(id))).toEqual([]);
  });
});
