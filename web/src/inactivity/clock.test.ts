import { describe, expect, it } from 'vitest';
import { DEFAULT_INACTIVITY, inactivityReducer, initialInactivity, isLocalhost, settingsFrom, type InactivityAction, type InactivityState } from './clock';

const reduce = inactivityReducer(DEFAULT_INACTIVITY);
const run = (state: InactivityState, ...actions: InactivityAction[]) => actions.reduce(reduce, state);
const checks = (n: number): InactivityAction[] => Array.from({ length: n }, () => ({ type: 'check' }));
const seconds = (n: number): InactivityAction[] => Array.from({ length: n }, () => ({ type: 'second' }));

describe('inactivity clock', () => {
  it('uses the spec timings by default: a check every 60 s, warning after 17 minutes, 60-second countdown', () => {
    expect(DEFAULT_INACTIVITY).toEqual({ checkEveryMs: 60_000, warningAfterMs: 17 * 60_000, countdownSeconds: 60 });
  });

  it('warns only once more than 17 idle minutes have passed', () => {
    const start = initialInactivity(DEFAULT_INACTIVITY);

    const at17 = run(start, ...checks(17));
    const at18 = run(at17, { type: 'check' });

    expect(at17.warning).toBe(false);
    expect(at18.warning).toBe(true);
    expect(at18.secondsLeft).toBe(60);
  });

  it('restarts the idle count on mouse or key activity', () => {
    const state = run(initialInactivity(DEFAULT_INACTIVITY), ...checks(16), { type: 'activity' }, ...checks(17));

    expect(state.warning).toBe(false);
    expect(state.idleMs).toBe(17 * 60_000);
  });

  it('counts down once the warning shows and times out at zero', () => {
    const warned = run(initialInactivity(DEFAULT_INACTIVITY), ...checks(18));

    const almost = run(warned, ...seconds(59));
    const done = run(almost, { type: 'second' });

    expect(almost.secondsLeft).toBe(1);
    expect(almost.timedOut).toBe(false);
    expect(done.secondsLeft).toBe(0);
    expect(done.timedOut).toBe(true);
    expect(run(done, { type: 'second' }).secondsLeft).toBe(0);
  });

  it('does not let a stray mouse move dismiss the warning', () => {
    const warned = run(initialInactivity(DEFAULT_INACTIVITY), ...checks(18), ...seconds(5));

    const after = run(warned, { type: 'activity' });

    expect(after.warning).toBe(true);
    expect(after.secondsLeft).toBe(55);
  });

  it('YES resets everything', () => {
    const warned = run(initialInactivity(DEFAULT_INACTIVITY), ...checks(18), ...seconds(30));

    const after = run(warned, { type: 'stay' });

    expect(after).toEqual(initialInactivity(DEFAULT_INACTIVITY));
  });

  it('takes shortened timings from the runtime config', () => {
    const settings = settingsFrom({ checkEveryMs: 1000, warningAfterMs: 2000, countdownSeconds: 3 });
    const fast = inactivityReducer(settings);

    const state = [...checks(3), ...seconds(3)].reduce(fast, initialInactivity(settings));

    expect(state.timedOut).toBe(true);
  });

  it('counts the loopback names as localhost', () => {
    expect(isLocalhost('localhost')).toBe(true);
    expect(isLocalhost('127.0.0.1')).toBe(true);
    expect(isLocalhost('dvp.example.com')).toBe(false);
  });
});
