/**
 * Every SPEC text and timing the SPA needs, kept in one place so that the switch to
 * shared/messages.ts and shared/constants.ts (being written concurrently) is a one-file change.
 */
export const MESSAGES = {
  configurationError: 'Configuration error (see console) – please contact the administrator',
  notFound: '404 (Not Found)',
  unauthorized: '401 (Unauthorized)',
  genericError: 'An error occurred',
  fetchError: (message: string) => `A fetch error occurred: ${message}`,
  reauthenticate: 'Your session has expired. Please reauthenticate.',
  reauthenticateButton: 'Click here to reauthenticate',
  sessionExpired: 'Your session has expired. Please sign in again.',
  inactivityWarning: (seconds: number) =>
    `Are you still here? This tool will time out in ${seconds} seconds due to inactivity.`,
  usernameLabel: 'Username or email address',
} as const;

export const TIMING = {
  inactivityCheckEveryMs: 60_000,
  inactivityWarningAfterMs: 17 * 60_000,
  inactivityCountdownSeconds: 60,
  snackbarSuccessMs: 2_500,
  snackbarOtherMs: 8_000,
  swrDedupingIntervalMs: 2_000,
  swrErrorRetryCount: 1,
  swrErrorRetryIntervalMs: 2_000,
  meDedupingIntervalMs: 5 * 60_000,
  statsDedupingIntervalMs: 2 * 60_000,
  platformEmailTemplatesDedupingIntervalMs: 5 * 60_000,
} as const;

export const LAYOUT = {
  navigationWidth: 220,
  authenticatorMaxWidth: '30rem',
  breakpoints: { xs: 0, sm: 480, md: 768, lg: 992, xl: 1280, xxl: 1536 },
  copyrightYear: 2025,
} as const;
