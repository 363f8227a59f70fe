import { useCallback, useMemo, useState, type ReactNode } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { errorMessage } from '../api/errors';
import { endExpiredSession } from '../api/session';
import { MESSAGES } from '../config/literals';
import { SnackbarContext, autoHideFor, type SnackbarApi, type SnackbarMessage } from './snackbar';

/** The one snackbar of the app; a newer message replaces the one showing. */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(SnackbarMessage & { key: number }) | null>(null);
  const [open, setOpen] = useState(false);

  const show = useCallback((message: string, severity: AlertColor = 'info') => {
    setCurrent({ message, severity, key: Date.now() });
    setOpen(true);
  }, []);

  const api = useMemo<SnackbarApi>(
    () => ({
      show,
      success: (message) => show(message, 'success'),
      error: (error) => show(errorMessage(error), 'error'),
    }),
    [show],
  );

  const close = (_event?: unknown, reason?: string) => {
    // A stray click elsewhere must not dismiss an error the user has not read yet.
    if (reason === 'clickaway') return;
    setOpen(false);
  };

  const needsReauth = current?.message === MESSAGES.reauthenticate;

  return (
    <SnackbarContext.Provider value={api}>
      {children}
      <Snackbar
        key={current?.key}
        open={open}
        autoHideDuration={current ? autoHideFor(current.severity) : null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          onClose={close}
          severity={current?.severity ?? 'info'}
          variant="filled"
          sx={{ width: '100%' }}
          action={
            needsReauth ? (
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  close();
                  void endExpiredSession();
                }}
              >
                {MESSAGES.reauthenticateButton}
              </Button>
            ) : undefined
          }
        >
          {current?.message}
        </Alert>
      </Snackbar>
    </SnackbarContext.Provider>
  );
}
