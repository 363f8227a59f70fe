import { useEffect, useMemo, useReducer } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { MESSAGES } from '../config/literals';
import { inactivityReducer, initialInactivity, isLocalhost, settingsFrom, type InactivitySettings } from './clock';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart'] as const;

interface Props {
  settings?: Partial<InactivitySettings>;
  onTimeout: () => void;
  /** Locally a developer leaves the app open for hours; the spec keeps them signed in there. */
  signOutOnLocalhost?: boolean;
}

export function InactivityMonitor({ settings: overrides, onTimeout, signOutOnLocalhost = false }: Props) {
  const settings = useMemo(
    () => settingsFrom(overrides),
    [overrides?.checkEveryMs, overrides?.warningAfterMs, overrides?.countdownSeconds],
  );
  const reducer = useMemo(() => inactivityReducer(settings), [settings]);
  const [state, dispatch] = useReducer(reducer, settings, initialInactivity);

  useEffect(() => {
    const onActivity = () => dispatch({ type: 'activity' });
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    const check = window.setInterval(() => dispatch({ type: 'check' }), settings.checkEveryMs);
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
      window.clearInterval(check);
    };
  }, [settings.checkEveryMs]);

  useEffect(() => {
    if (!state.warning) return;
    const countdown = window.setInterval(() => dispatch({ type: 'second' }), 1000);
    return () => window.clearInterval(countdown);
  }, [state.warning]);

  useEffect(() => {
    if (!state.timedOut) return;
    if (isLocalhost(window.location.hostname) && !signOutOnLocalhost) return;
    onTimeout();
  }, [state.timedOut, signOutOnLocalhost, onTimeout]);

  return (
    <Dialog
      open={state.warning}
      aria-labelledby="inactivity-dialog-title"
      aria-describedby="inactivity-dialog-text"
      data-testid="inactivity-dialog"
    >
      <DialogTitle id="inactivity-dialog-title">Inactivity warning</DialogTitle>
      <DialogContent>
        <DialogContentText id="inactivity-dialog-text" role="timer" aria-live="polite">
          {MESSAGES.inactivityWarning(state.secondsLeft)}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" autoFocus onClick={() => dispatch({ type: 'stay' })}>
          YES
        </Button>
      </DialogActions>
    </Dialog>
  );
}
