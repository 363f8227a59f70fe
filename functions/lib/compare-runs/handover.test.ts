import { describe, expect, it } from 'vitest';
import { LOCAL_TASK_BUDGET_MS, taskDeadline } from './types';

describe('how long a pipeline task works before handing over', () => {
  it('uses the Lambda time left minus a reserve when there is a context', () => {
    const now = Date.now();
    const deadline = taskDeadline(now, () => 600_000, 60_000, false)!;
    expect(deadline - now).toBeGreaterThanOrEqual(539_000);
    expect(deadline - now).toBeLessThanOrEqual(541_000);
  });

  it('stays under the local runtime’s 60 s task limit on the local stack, and has no deadline otherwise', () => {
    expect(taskDeadline(1000, undefined, 60_000, true)).toBe(1000 + LOCAL_TASK_BUDGET_MS);
    expect(LOCAL_TASK_BUDGET_MS).toBeLessThan(60_000);
    expect(taskDeadline(1000, undefined, 60_000, false)).toBeUndefined();
  });
});
