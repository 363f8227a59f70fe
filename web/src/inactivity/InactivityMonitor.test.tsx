import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { InactivityMonitor } from './InactivityMonitor';

const settings = { checkEveryMs: 1000, warningAfterMs: 2000, countdownSeconds: 3 };

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('inactivity dialog', () => {
  it('appears after the idle threshold, counts down and signs out at zero', () => {
    const onTimeout = vi.fn();
    render(<InactivityMonitor settings={settings} onTimeout={onTimeout} signOutOnLocalhost />);
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => vi.advanceTimersByTime(3000));
    const dialog = screen.getByRole('dialog', { name: 'Inactivity warning' });
    expect(dialog.textContent).toContain('Are you still here? This tool will time out in 3 seconds due to inactivity.');

    act(() => vi.advanceTimersByTime(1000));
    expect(dialog.textContent).toContain('in 2 seconds');

    act(() => vi.advanceTimersByTime(2000));
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('keeps a localhost session at zero unless told otherwise', () => {
    const onTimeout = vi.fn();
    render(<InactivityMonitor settings={settings} onTimeout={onTimeout} />);

    act(() => vi.advanceTimersByTime(10_000));

    expect(window.location.hostname).toBe('localhost');
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('YES closes the warning and restarts the clock', () => {
    const onTimeout = vi.fn();
    render(<InactivityMonitor settings={settings} onTimeout={onTimeout} signOutOnLocalhost />);
    act(() => vi.advanceTimersByTime(3000));

    fireEvent.click(screen.getByRole('button', { name: 'YES' }));
    act(() => vi.advanceTimersByTime(2000));

    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('activity before the threshold keeps the warning away', () => {
    render(<InactivityMonitor settings={settings} onTimeout={vi.fn()} />);

    for (let i = 0; i < 5; i++) {
      act(() => vi.advanceTimersByTime(1000));
      fireEvent.keyDown(window, { key: 'a' });
    }

    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
