import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';

vi.mock('../api/session', () => ({ endExpiredSession: vi.fn(async () => {}) }));

import { ApiError, reauthenticationError } from '../api/errors';
import { MESSAGES } from '../config/literals';
import { autoHideFor, useSnackbar, type SnackbarApi } from './snackbar';
import { SnackbarProvider } from './SnackbarProvider';

afterEach(cleanup);

function renderWithSnackbar() {
  let api: SnackbarApi | undefined;
  function Probe() {
    api = useSnackbar();
    return null;
  }
  render(
    <SnackbarProvider>
      <Probe />
    </SnackbarProvider>,
  );
  return api!;
}

describe('snackbar', () => {
  it('hides success after 2500 ms and anything else after 8000 ms', () => {
    expect(autoHideFor('success')).toBe(2500);
    expect(autoHideFor('error')).toBe(8000);
    expect(autoHideFor('info')).toBe(8000);
  });

  it('shows errors with error severity and their message', () => {
    const snackbar = renderWithSnackbar();

    act(() => snackbar.error(new ApiError('Stale write', 'http', 409)));

    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Stale write');
    expect(alert.className).toContain('Error');
    expect(screen.queryByRole('button', { name: MESSAGES.reauthenticateButton })).toBeNull();
  });

  it('offers the reauthenticate button for the reauthentication message', () => {
    const snackbar = renderWithSnackbar();

    act(() => snackbar.error(reauthenticationError()));

    expect(screen.getByRole('alert').textContent).toContain(MESSAGES.reauthenticate);
    expect(screen.getByRole('button', { name: 'Click here to reauthenticate' })).toBeTruthy();
  });

  it('auto-hides a success message', () => {
    vi.useFakeTimers();
    try {
      const snackbar = renderWithSnackbar();
      act(() => snackbar.success('Saved'));
      expect(screen.getByRole('alert').textContent).toContain('Saved');

      act(() => vi.advanceTimersByTime(2600));
      // The exit transition runs on its own timer after the auto-hide.
      act(() => vi.advanceTimersByTime(1000));

      expect(screen.queryByText('Saved')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
