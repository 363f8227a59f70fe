import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MFA_REQUIRED_CODE, MFA_REQUIRED_MESSAGE } from '../../shared/admin-mfa';
import { launchBrowser, signInThroughUi } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('an administrator without two-step verification', () => {
  it('is taken from any refused page to the profile, told why, and offered the authenticator set-up', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      // The shared local stack leaves the requirement off (test/integration/admin-mfa.test.ts runs
      // it on): here every API route but /api/me answers as a deployed stage does to such a user.
      await page.route('**/api/**', async (route) => {
        if (new URL(route.request().url()).pathname === '/api/me') return route.continue();
        return route.fulfill({ status: 403, json: { message: MFA_REQUIRED_MESSAGE, code: MFA_REQUIRED_CODE } });
      });
      await signInThroughUi(page, 'org-admin@demo.example');
      await page.waitForURL((url) => url.pathname === '/profile' && url.searchParams.get('mfa') === 'required', { timeout: 30_000 });
      await page.getByText(MFA_REQUIRED_MESSAGE).waitFor({ timeout: 15_000 });
      expect(await page.getByRole('button', { name: 'Set up an authenticator app' }).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
