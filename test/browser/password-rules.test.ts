import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { stackUrl } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';
import { createTestUser } from '../support/test-users';

/**
 * Wherever a password is set (the forced change at first sign-in, the profile's change), the user
 * pool's rules are listed and a password breaking one is refused with SPEC §5's message.
 */
const TEMPORARY = 'Temporary-Pass1';
const RULES = [
  'Password must have at least 8 characters',
  'Password must have lower case letters',
  'Password must have upper case letters',
  'Password must have numbers',
  'Password must have special characters',
];
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const rules = (page: Page) => page.getByRole('note', { name: 'Password rules' }).locator('li').allTextContents();

describe('password rules', () => {
  it('the forced new password at first sign-in lists the rules and refuses one without upper case letters', async () => {
    const { email } = await createTestUser({ role: 'COMPANY_ADMIN', password: TEMPORARY });
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(stackUrl());
      await page.getByLabel('Username or email address').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(TEMPORARY);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('button', { name: 'Change Password' }).waitFor({ timeout: 30_000 });
      expect(await rules(page)).toEqual(RULES);

      await page.getByLabel('Password', { exact: true }).fill('lower-case-only1');
      await page.getByLabel('Confirm Password', { exact: true }).fill('lower-case-only1');
      await page.getByLabel('Password', { exact: true }).focus();
      await page.getByText('Password must have upper case letters').nth(1).waitFor();
      await page.getByRole('button', { name: 'Change Password' }).click();
      await page.waitForTimeout(1_000);
      expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Change Password' }).waitFor();

      await page.getByLabel('Password', { exact: true }).fill('Upper-And-lower1');
      await page.getByLabel('Confirm Password', { exact: true }).fill('Upper-And-lower1');
      await page.getByRole('button', { name: 'Change Password' }).click();
      await page.getByRole('button', { name: 'Logout' }).waitFor({ timeout: 30_000 });
    } finally {
      await context.close();
    }
  });

  it("the profile's password change lists the rules and refuses a password breaking them with their messages", async () => {
    const { email } = await createTestUser({ role: 'COMPANY_ADMIN', password: TEMPORARY, permanent: true });
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await signInThroughUi(page, email, TEMPORARY);
      await page.goto(`${stackUrl()}/profile`);
      await page.getByLabel('Current password').waitFor();
      expect(await rules(page)).toEqual(RULES);

      await page.getByLabel('Current password').fill(TEMPORARY);
      await page.getByLabel('New password', { exact: true }).fill('nouppercase1!');
      await page.getByLabel('Confirm new password').fill('nouppercase1!');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.locator('.Mui-error', { hasText: 'Password must have upper case letters' }).first().waitFor();

      await page.getByLabel('New password', { exact: true }).fill('Has-Upper-1');
      await page.getByLabel('Confirm new password').fill('Has-Upper-1');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('Password changed').waitFor({ timeout: 15_000 });
    } finally {
      await context.close();
    }
  });
});
