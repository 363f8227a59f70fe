import { describe, expect, it } from 'vitest';
import { comparisonMachine } from '../../pipeline';
import { INTERRUPTED_RUN_MESSAGE, isStaleRun, settledRunView, STALE_RUN_MS } from './interrupted-run';

const now = Date.parse('2026-11-27T12:00:00.000Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const running = (progressAt: string, updatedAt = progressAt) => ({
  status: 'RUNNING',
  status_reason: undefined as string | undefined,
  updated_at: updatedAt,
  progress: { stage: 'saving', processed: 500, total: 1500, stage_started_at: progressAt, updated_at: progressAt },
});

describe('a run with no sign of life', () => {
  it('is stale past the compare task’s time limit, not before', () => {
    expect(STALE_RUN_MS).toBe(comparisonMachine.steps.find((s) => s.name === 'RunComparison')!.timeoutSeconds * 1000);
    expect(isStaleRun(running(ago(STALE_RUN_MS - 1000)), now)).toBe(false);
    expect(isStaleRun(running(ago(STALE_RUN_MS + 1000)), now)).toBe(true);
  });

  it('counts any later write of the record as a sign of life', () => {
    expect(isStaleRun(running(ago(STALE_RUN_MS * 2), ago(1000)), now)).toBe(false);
  });

  it('never makes a finished run stale', () => {
    expect(isStaleRun({ ...running(ago(STALE_RUN_MS * 2)), status: 'SUCCEEDED' }, now)).toBe(false);
  });

  it('reads FAILED with the message and without its progress', () => {
    const view = settledRunView(running(ago(STALE_RUN_MS + 1000)), now);
    expect(view).toMatchObject({ status: 'FAILED', status_reason: INTERRUPTED_RUN_MESSAGE });
    expect(view.progress).toBeUndefined();
    expect(settledRunView(running(ago(1000)), now).status).toBe('RUNNING');
  });
});
