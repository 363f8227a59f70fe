import { describe, expect, it, vi } from 'vitest';
import { reloadOnStaleChunks } from './stale-chunks';

function setUp(start = 1_000_000) {
  const target = new EventTarget();
  const reload = vi.fn();
  const stored = new Map<string, string>();
  const storage = { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v) };
  let clock = start;
  reloadOnStaleChunks(target, reload, storage, () => clock);
  const fail = () => {
    const event = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(event);
    return event.defaultPrevented;
  };
  return { reload, fail, advance: (ms: number) => (clock += ms) };
}

describe('a page whose code is gone after a deployment', () => {
  it('loads the app again instead of showing the error', () => {
    const { reload, fail } = setUp();
    expect(fail()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows the error when the code is still missing right after the reload, and reloads again a minute later', () => {
    const { reload, fail, advance } = setUp();
    fail();
    advance(5_000);
    expect(fail()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    advance(60_000);
    expect(fail()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
