import { TIMING } from '../config/literals';

/**
 * The inactivity clock of SPEC §4 as a pure reducer, so its timing can be tested without timers:
 * the idle time grows by one check interval per tick, any mouse or key activity clears it, once it
 * is past the warning threshold a countdown starts, and at zero the session times out.
 */
export interface InactivitySettings {
  checkEveryMs: number;
  warningAfterMs: number;
  countdownSeconds: number;
}

export const DEFAULT_INACTIVITY: InactivitySettings = {
  checkEveryMs: TIMING.inactivityCheckEveryMs,
  warningAfterMs: TIMING.inactivityWarningAfterMs,
  countdownSeconds: TIMING.inactivityCountdownSeconds,
};

export interface InactivityState {
  idleMs: number;
  warning: boolean;
  secondsLeft: number;
  timedOut: boolean;
}

export type InactivityAction =
  | { type: 'check' }
  | { type: 'activity' }
  | { type: 'second' }
  | { type: 'stay' };

export function initialInactivity(settings: InactivitySettings): InactivityState {
  return { idleMs: 0, warning: false, secondsLeft: settings.countdownSeconds, timedOut: false };
}

export function inactivityReducer(settings: InactivitySettings) {
  return (state: InactivityState, action: InactivityAction): InactivityState => {
    switch (action.type) {
      case 'check': {
        if (state.warning) return state;
        const idleMs = state.idleMs + settings.checkEveryMs;
        // "More than" 17 minutes: the warning opens on the check after the threshold is reached.
        if (idleMs > settings.warningAfterMs) {
          return { ...state, idleMs, warning: true, secondsLeft: settings.countdownSeconds };
        }
        return { ...state, idleMs };
      }
      case 'activity':
        // Once the warning shows, only an explicit YES keeps the session; a stray mouse move
        // over the dialog would otherwise dismiss it unread.
        if (state.warning || state.idleMs === 0) return state;
        return { ...state, idleMs: 0 };
      case 'second': {
        if (!state.warning || state.timedOut) return state;
        const secondsLeft = Math.max(0, state.secondsLeft - 1);
        return { ...state, secondsLeft, timedOut: secondsLeft === 0 };
      }
      case 'stay':
        return initialInactivity(settings);
    }
  };
}

export function settingsFrom(overrides?: Partial<InactivitySettings>): InactivitySettings {
  return {
    checkEveryMs: overrides?.checkEveryMs ?? DEFAULT_INACTIVITY.checkEveryMs,
    warningAfterMs: overrides?.warningAfterMs ?? DEFAULT_INACTIVITY.warningAfterMs,
    countdownSeconds: overrides?.countdownSeconds ?? DEFAULT_INACTIVITY.countdownSeconds,
  };
}

export const isLocalhost = (hostname: string) =>
  hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
