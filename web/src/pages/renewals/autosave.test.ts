import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAutosaver, type AutosaveReport, type SaveOutcome } from './autosave';

type Patch = { a: string | null; b: string | null; c: boolean };

/** A save whose answers the test releases one by one. */
function controlledSave() {
  const calls: Array<{ changes: Partial<Patch>; version: string; answer: (o: SaveOutcome) => void }> = [];
  const save = (changes: Partial<Patch>, version: string) => new Promise<SaveOutcome>((answer) => calls.push({ changes, version, answer }));
  return { calls, save };
}

describe('createAutosaver', () => {
  let reports: AutosaveReport[];
  beforeEach(() => {
    vi.useFakeTimers();
    reports = [];
  });
  afterEach(() => vi.useRealTimers());

  it('sends the fields changed within the pause as one PATCH with the version read', async () => {
    const { calls, save } = controlledSave();
    const saver = createAutosaver<Patch>('2026-01-01T00:00:00.000Z', { delayMs: 800, save, onReport: (r) => reports.push(r) });
    saver.change('a', 'x');
    await vi.advanceTimersByTimeAsync(500);
    saver.change('b', 'y');
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toHaveLength(0);
    expect(saver.busy()).toBe(true);
    await vi.advanceTimersByTimeAsync(300);
    expect(calls).toHaveLength(1);
    expect(calls[0].changes).toEqual({ a: 'x', b: 'y' });
    expect(calls[0].version).toBe('2026-01-01T00:00:00.000Z');
    calls[0].answer({ ok: true, version: '2026-01-01T00:00:05.000Z' });
    await vi.runAllTimersAsync();
    expect(reports.map((r) => r.state)).toEqual(['saving', 'saved']);
    expect(saver.busy()).toBe(false);
  });

  it('sends a choice at once, and never two PATCHes at a time: the next waits and carries the new version', async () => {
    const { calls, save } = controlledSave();
    const saver = createAutosaver<Patch>('v1', { delayMs: 800, save, onReport: (r) => reports.push(r) });
    saver.change('c', true, true);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    saver.change('a', 'typed meanwhile', true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(1);
    calls[0].answer({ ok: true, version: 'v2' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(2);
    expect(calls[1]).toMatchObject({ changes: { a: 'typed meanwhile' }, version: 'v2' });
    calls[1].answer({ ok: true, version: 'v3' });
    await vi.runAllTimersAsync();
    expect(reports.at(-1)?.state).toBe('saved');
  });

  it('takes the later of the saved version and one read back', async () => {
    const { calls, save } = controlledSave();
    const saver = createAutosaver<Patch>('2026-01-01T00:00:01.000Z', { delayMs: 10, save, onReport: () => {} });
    saver.seen('2026-01-01T00:00:09.000Z');
    saver.seen('2026-01-01T00:00:02.000Z');
    saver.change('a', 'x');
    await vi.advanceTimersByTimeAsync(10);
    expect(calls[0].version).toBe('2026-01-01T00:00:09.000Z');
  });

  it('on a refusal keeps the refused fields for the next change and reports the field errors', async () => {
    const { calls, save } = controlledSave();
    const saver = createAutosaver<Patch>('v1', { delayMs: 10, save, onReport: (r) => reports.push(r) });
    saver.change('a', '2027-01-01');
    saver.change('b', '2026-01-01');
    await vi.advanceTimersByTimeAsync(10);
    calls[0].answer({ ok: false, conflict: false, message: 'The end is before the start.', fieldErrors: { b: 'The end is before the start.' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(reports.at(-1)).toEqual({ state: 'error', fields: ['a', 'b'], message: 'The end is before the start.', fieldErrors: { b: 'The end is before the start.' } });
    saver.change('b', '2027-02-01');
    await vi.advanceTimersByTimeAsync(10);
    expect(calls[1].changes).toEqual({ a: '2027-01-01', b: '2027-02-01' });
  });

  it('on a 409 drops what was waiting (the reloaded record wins) and says so', async () => {
    const { calls, save } = controlledSave();
    const idleWhenReported: boolean[] = [];
    const saver = createAutosaver<Patch>('v1', {
      delayMs: 10,
      save,
      onReport: (r) => {
        reports.push(r);
        if (r.state === 'conflict') idleWhenReported.push(!saver.busy());
      },
    });
    saver.change('a', 'mine');
    await vi.advanceTimersByTimeAsync(10);
    saver.change('b', 'also mine');
    calls[0].answer({ ok: false, conflict: true, message: 'This record was changed by someone else since you loaded it. Reload it and try again.', fieldErrors: {} });
    await vi.runAllTimersAsync();
    expect(calls).toHaveLength(1);
    expect(reports.at(-1)).toMatchObject({ state: 'conflict', message: expect.stringContaining('changed by someone else') });
    // Idle already when told, so the form may reset to the reloaded record at once.
    expect(idleWhenReported).toEqual([true]);
  });

  it('sends what is waiting when the form goes away', async () => {
    const { calls, save } = controlledSave();
    const saver = createAutosaver<Patch>('v1', { delayMs: 800, save, onReport: () => {} });
    saver.change('a', 'last words');
    saver.dispose();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.changes)).toEqual([{ a: 'last words' }]);
  });
});
