import { describe, it, expect } from 'vitest';
import * as c from './constants';

describe('inactivity timing (SPEC §4, §9)', () => {
  it('checks every 60 s, warns after 17 minutes and counts down 60 seconds', () => {
    expect(c.INACTIVITY_CHECK_INTERVAL_MS).toBe(60000);
    expect(c.INACTIVITY_WARNING_AFTER_MINUTES).toBe(17);
    expect(c.INACTIVITY_COUNTDOWN_SECONDS).toBe(60);
  });
});

describe('snackbar (SPEC §9)', () => {
  it('hides success after 2500 ms and anything else after 8000 ms', () => {
    expect(c.snackbarAutoHideMs('success')).toBe(2500);
    expect(c.snackbarAutoHideMs('error')).toBe(8000);
    expect(c.snackbarAutoHideMs('info')).toBe(8000);
  });
});

describe('data fetching (SPEC §9)', () => {
  it('does not revalidate on focus, dedupes 2000 ms and retries an error once after 2000 ms', () => {
    expect(c.SWR_CONFIG).toEqual({ revalidateOnFocus: false, dedupingInterval: 2000, errorRetryCount: 1, errorRetryInterval: 2000 });
    expect(c.ERROR_RETRY_DELAY_MS).toBe(2000);
  });

  it('dedupes /api/me and platform templates for 5 minutes and stats for 2', () => {
    expect(c.ME_DEDUPING_INTERVAL_MS).toBe(300000);
    expect(c.PLATFORM_EMAIL_TEMPLATES_DEDUPING_INTERVAL_MS).toBe(300000);
    expect(c.STATS_DEDUPING_INTERVAL_MS).toBe(120000);
  });
});

describe('identity client (SPEC §8, §9)', () => {
  it('waits, polls and tolerates expiry as specified', () => {
    expect(c.AUTH_SIGN_IN_WAIT_MS).toBe(180000);
    expect(c.AUTH_POLLING_INTERVAL_MS).toBe(5000);
    expect(c.TOKEN_EXPIRY_TOLERANCE_MS).toBe(5000);
    expect(c.CREDENTIALS_REUSE_MS).toBe(3000000);
    expect(c.MAX_RETRY_DELAY_MS).toBe(300000);
    expect(c.MAX_RETRY_ATTEMPTS).toBe(3);
    expect(c.COOKIE_EXPIRY_DAYS).toBe(365);
  });

  it("defaults to country code +1 and MFA types TOTP and SMS; sign-in offers e-mail and TOTP", () => {
    expect(c.DEFAULT_COUNTRY_CODE).toBe('+1');
    expect(c.DEFAULT_MFA_TYPES).toEqual(['TOTP', 'SMS']);
    expect(c.SIGN_IN_MFA_TYPES).toEqual(['EMAIL', 'TOTP']);
    expect(c.TOTP_QR_CODE_SIZE_PX).toBe(228);
  });
});

describe('layout and theme (SPEC §2, §9)', () => {
  it('has a 220 px navigation and a 30rem authenticator', () => {
    expect(c.NAVIGATION_WIDTH_PX).toBe(220);
    expect(c.AUTHENTICATOR_MAX_WIDTH).toBe('30rem');
  });

  it('breaks at 0, 480, 768, 992, 1280 and 1536', () => {
    expect(Object.values(c.BREAKPOINTS)).toEqual([0, 480, 768, 992, 1280, 1536]);
  });

  it('is purple and green', () => {
    expect([c.THEME_PRIMARY_COLOR, c.THEME_SECONDARY_COLOR]).toEqual(['purple', 'green']);
  });

  it('titles the navigation per role', () => {
    expect(Object.values(c.NAVIGATION_TITLES)).toEqual(['DMS Admin', 'Organization', 'Company', 'DMS Comparer', 'Agency']);
  });
});
