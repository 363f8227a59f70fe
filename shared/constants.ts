/** Timing, layout and default constants of SPEC §9 (and a few from §2, §4, §7), named for their use. */

// Inactivity sign-out (SPEC §4, §9)
export const INACTIVITY_CHECK_INTERVAL_MS = 60_000;
/** The warning appears once more than this many minutes have passed without mouse or key activity. */
export const INACTIVITY_WARNING_AFTER_MINUTES = 17;
export const INACTIVITY_COUNTDOWN_SECONDS = 60;

// Snackbar (SPEC §9)
export const SNACKBAR_SUCCESS_AUTO_HIDE_MS = 2500;
export const SNACKBAR_AUTO_HIDE_MS = 8000;
export function snackbarAutoHideMs(severity: 'success' | 'info' | 'warning' | 'error' | string): number {
  return severity === 'success' ? SNACKBAR_SUCCESS_AUTO_HIDE_MS : SNACKBAR_AUTO_HIDE_MS;
}

// Data fetching (SPEC §8, §9): SWR options shared by every read.
export const SWR_CONFIG = {
  revalidateOnFocus: false,
  dedupingInterval: 2000,
  errorRetryCount: 1,
  errorRetryInterval: 2000,
} as const;
export const ME_DEDUPING_INTERVAL_MS = 5 * 60_000;
export const STATS_DEDUPING_INTERVAL_MS = 2 * 60_000;
export const PLATFORM_EMAIL_TEMPLATES_DEDUPING_INTERVAL_MS = 5 * 60_000;
/** Errors other than not-found get one retry after this delay (SPEC §8). */
export const ERROR_RETRY_DELAY_MS = 2000;
export const ERROR_RETRY_COUNT = 1;

// Identity service client (SPEC §8, §9)
/** How long a pending sign-in, and the auto sign-in after sign-up, is waited for. */
export const AUTH_SIGN_IN_WAIT_MS = 180_000;
export const AUTH_POLLING_INTERVAL_MS = 5000;
/** A token this close to expiry counts as expired and is refreshed. */
export const TOKEN_EXPIRY_TOLERANCE_MS = 5000;
/** How long fetched credentials are reused before being fetched again (about 50 minutes). */
export const CREDENTIALS_REUSE_MS = 3_000_000;
/** Throttling, timeout and 5xx responses are retried up to this many times. */
export const MAX_RETRY_ATTEMPTS = 3;
export const MAX_RETRY_DELAY_MS = 300_000;
export const COOKIE_EXPIRY_DAYS = 365;
export const DEFAULT_COUNTRY_CODE = '+1';
/** The identity widget's default MFA types (SPEC §9). */
export const DEFAULT_MFA_TYPES = ['TOTP', 'SMS'] as const;
/** The MFA types this product's sign-in offers (SPEC §2). */
export const SIGN_IN_MFA_TYPES = ['EMAIL', 'TOTP'] as const;
export const TOTP_QR_CODE_SIZE_PX = 228;

// Layout and theme (SPEC §2, §9)
export const NAVIGATION_WIDTH_PX = 220;
export const AUTHENTICATOR_MAX_WIDTH = '30rem';
export const BREAKPOINTS = { base: 0, small: 480, medium: 768, large: 992, xl: 1280, xxl: 1536 } as const;
export const THEME_PRIMARY_COLOR = 'purple';
export const THEME_SECONDARY_COLOR = 'green';

/** Left-navigation titles per kind of user (SPEC §2). */
export const NAVIGATION_TITLES = {
  admin: 'DMS Admin',
  organization: 'Organization',
  company: 'Company',
  adminComparer: 'DMS Comparer',
  agency: 'Agency',
} as const;
