import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { inactivityWarning } from '../../shared/messages';
import { api, stackUrl } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';
import { totp } from '../support/totp';
import { createTestUser } from '../support/test-users';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Serves the real /config.json with a shortened inactivity clock, for this page only. */
async function withFastInactivityClock(page: Page, signOutOnLocalhost: boolean) {
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    const config = await response.json();
    await route.fulfill({
      response,
      json: { ...config, inactivity: { warningAfterMs: 1500, countdownSeconds: 3, checkEveryMs: 250, signOutOnLocalhost } },
    });
  });
}

describe('inactivity', () => {
  it('warns with the spec’s text and a countdown; YES keeps the session', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await withFastInactivityClock(page, true);
      await signInThroughUi(page, 'org-admin@demo.example');
      const dialog = page.getByRole('dialog');
      await dialog.waitFor({ timeout: 15_000 });
      await expect(dialog.textContent()).resolves.toMatch(/Are you still here\? This tool will time out in \d+ seconds due to inactivity\./);
      await dialog.getByRole('button', { name: 'YES' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await page.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('signs the user out when the countdown reaches zero', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await withFastInactivityClock(page, true);
      await signInThroughUi(page, 'org-admin@demo.example');
      await page.getByRole('dialog').waitFor({ timeout: 15_000 });
      expect(await page.getByRole('dialog').textContent()).toContain(inactivityWarning(3).split(' 3 ')[0]);
      await page.getByLabel('Username or email address').waitFor({ timeout: 15_000 });
    } finally {
      await context.close();
    }
  });
});

describe('forced new password', () => {
  it('a user created with a temporary password must choose a new one, then lands', async () => {
    // Arrange: an invited user exactly as the platform leaves one (FORCE_CHANGE_PASSWORD).
    const orgUser = (await api('GET', '/api/me', { as: 'org-user@demo.example' })).body;
    const { email } = await createTestUser({ role: 'ORGANIZATION_USER', organization_id: orgUser.organization_id, password: 'Temp-Passw0rd!' });

    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      // Act
      await page.goto(stackUrl());
      await page.getByLabel('Username or email address').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('Temp-Passw0rd!');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('heading', { name: /change password/i }).waitFor({ timeout: 15_000 });
      await page.getByLabel('Password', { exact: true }).fill('short');
      await page.getByLabel('Confirm Password', { exact: true }).fill('different');
      const mismatch = page.getByText('Your passwords must match');
      await page.getByLabel('Confirm Password', { exact: true }).blur();
      await mismatch.waitFor({ timeout: 5_000 });
      // The error itself, not the same sentence in the list of rules shown beside the field.
      await page.getByRole('alert').filter({ hasText: 'Password must have at least 8 characters' }).waitFor({ timeout: 5_000 });
      await page.getByLabel('Password', { exact: true }).fill('Chosen-Passw0rd!');
      await page.getByLabel('Confirm Password', { exact: true }).fill('Chosen-Passw0rd!');
      await page.getByRole('button', { name: 'Change Password' }).click();

      // Assert
      await page.getByRole('button', { name: 'Logout' }).waitFor({ timeout: 20_000 });
      await page.waitForURL((url) => url.pathname === `/organizations/${orgUser.organization_id}`);
    } finally {
      await context.close();
    }
  });
});

describe('TOTP multi-factor authentication', () => {
  it('is set up from the profile with an authenticator code, then asked for at the next sign-in', async () => {
    const companyAdmin = (await api('GET', '/api/me', { as: 'company-admin@demo.example' })).body;
    const { email } = await createTestUser({
      role: 'COMPANY_USER',
      organization_id: companyAdmin.organization_id,
      company_id: companyAdmin.company_id,
      password: 'Totp-Passw0rd!',
      permanent: true,
    });
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await signInThroughUi(page, email, 'Totp-Passw0rd!');
      await page.goto(`${stackUrl()}/profile`);
      await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
      const qr = page.getByRole('img', { name: 'Authenticator set-up QR code' });
      await qr.waitFor({ timeout: 15_000 });
      expect(await qr.getAttribute('width')).toBe('228');
      const keyText = (await page.getByText(/Or enter this key:/).textContent()) ?? '';
      const secret = keyText.replace(/.*Or enter this key:\s*/, '').trim();
      await page.getByLabel('Code', { exact: true }).fill(totp(secret));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByText('Your authenticator app is set up.', { exact: false }).waitFor({ timeout: 15_000 });

      await page.getByRole('button', { name: 'Logout' }).click();
      await page.getByLabel('Username or email address').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('Totp-Passw0rd!');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('heading', { name: 'Confirm TOTP Code' }).waitFor({ timeout: 15_000 });
      const codeField = page.getByPlaceholder('Code', { exact: true });
      await codeField.fill(totp(secret));
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('button', { name: 'Logout' }).waitFor({ timeout: 20_000 });
      await page.waitForURL((url) => url.pathname === `/companies/${companyAdmin.company_id}`);
    } finally {
      await context.close();
    }
  });
});
