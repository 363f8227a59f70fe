/**
 * The SPEC texts and timings the SPA uses, read from shared/ (the single source both API and browser
 * share) and arranged the way the web code asks for them.
 */
import * as C from '../../../shared/constants';
import * as M from '../../../shared/messages';

export const MESSAGES = {
  configurationError: M.CONFIGURATION_ERROR,
  notFound: M.NOT_FOUND_STATUS_TEXT,
  unauthorized: M.UNAUTHORIZED_STATUS_TEXT,
  genericError: M.GENERIC_ERROR,
  fetchError: M.fetchError,
  reauthenticate: M.REAUTHENTICATION_REQUIRED,
  reauthenticateButton: M.REAUTHENTICATE_BUTTON,
  // Shown on the sign-in view after a session ended by itself; the spec gives no text for it.
  sessionExpired: 'Your session has expired. Please sign in again.',
  inactivityWarning: M.inactivityWarning,
  usernameLabel: M.USERNAME_OR_EMAIL_LABEL,
  pageTitle: M.PAGE_TITLE,
} as const;

export const TIMING = {
  inactivityCheckEveryMs: C.INACTIVITY_CHECK_INTERVAL_MS,
  inactivityWarningAfterMs: C.INACTIVITY_WARNING_AFTER_MINUTES * 60_000,
  inactivityCountdownSeconds: C.INACTIVITY_COUNTDOWN_SECONDS,
  snackbarSuccessMs: C.SNACKBAR_SUCCESS_AUTO_HIDE_MS,
  snackbarOtherMs: C.SNACKBAR_AUTO_HIDE_MS,
  swrDedupingIntervalMs: C.SWR_CONFIG.dedupingInterval,
  swrErrorRetryCount: C.ERROR_RETRY_COUNT,
  swrErrorRetryIntervalMs: C.ERROR_RETRY_DELAY_MS,
  meDedupingIntervalMs: C.ME_DEDUPING_INTERVAL_MS,
  statsDedupingIntervalMs: C.STATS_DEDUPING_INTERVAL_MS,
  platformEmailTemplatesDedupingIntervalMs: C.PLATFORM_EMAIL_TEMPLATES_DEDUPING_INTERVAL_MS,
} as const;

const B = C.BREAKPOINTS;

export const LAYOUT = {
  navigationWidth: C.NAVIGATION_WIDTH_PX,
  authenticatorMaxWidth: C.AUTHENTICATOR_MAX_WIDTH,
  // MUI's breakpoint names over the spec's six widths.
  breakpoints: { xs: B.base, sm: B.small, md: B.medium, lg: B.large, xl: B.xl, xxl: B.xxl },
} as const;
