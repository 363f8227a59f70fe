import { beforeEach, describe, expect, it, vi } from 'vitest';

const sent: number[] = [];
vi.mock('../aws', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../aws')>()),
  dynamo: () => ({
    send: async (command: { input: { RequestItems: Record<string, unknown[]> } }) => {
      sent.push(Object.values(command.input.RequestItems)[0]!.length);
      return { UnprocessedItems: {} };
    },
  }),
}));
process.env.TABLE_NAME = 'dvp-test';
const { writeAll } = await import('./results-store');

const requests = (n: number) => Array.from({ length: n }, (_, i) => ({ PutRequest: { Item: { pk: 'p', sk: `s${i}` } } }));

describe('writing results in batches', () => {
  beforeEach(() => {
    sent.length = 0;
  });

  it('writes everything in batches of at most 25 and reports progress', async () => {
    const progress: number[] = [];

    const written = await writeAll(requests(60), (n) => void progress.push(n));

    expect(written).toBe(60);
    expect(sent.sort((a, b) => a - b)).toEqual([10, 25, 25]);
    expect(Math.max(...progress)).toBe(60);
  });

  it('starts no batch after the deadline and says how many were written, for the hand-over', async () => {
    const none = await writeAll(requests(60), undefined, 8, Date.now() - 1);

    expect(none).toBe(0);
    expect(sent).toEqual([]);
  });
});
