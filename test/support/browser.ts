import { expect } from 'vitest';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../infra/local/demo-data';
import { stackUrl } from './api';

/** Debian's chromium driven by playwright-core (Playwright cannot download its own browsers here). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    // Without these, chromium's background connections are refused by the closed network.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/** Signs in through the real Authenticator form and waits until the shell shows. */
export async function signInThroughUi(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(stackUrl());
  await page.getByLabel('Username or email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Logout' }).waitFor({ timeout: 30_000 });
}

/** Whether the keyboard focus sits in a data grid. */
export const focusIsInGrid = (page: Page) => page.evaluate(() => !!document.activeElement?.closest('[role="grid"]'));

/**
 * Tabs from `start` into the grid, as a keyboard user does, and fails when the grid is not reached.
 * Call it once the page is still: a save moves focus into the grid when its refresh lands, and
 * that landing in the middle of the walk would Tab out of the grid again.
 */
export async function tabIntoGrid(page: Page, start: Locator, maxTabs = 20): Promise<void> {
  await start.focus();
  expect(await focusIsInGrid(page)).toBe(false);
  for (let i = 0; i < maxTabs && !(await focusIsInGrid(page)); i++) await page.keyboard.press('Tab');
  expect(await focusIsInGrid(page)).toBe(true);
}

/** Waits until `target` has the keyboard focus (typing before that would go nowhere). */
export async function waitForFocus(target: Locator, timeout = 5_000): Promise<void> {
  await expect.poll(() => target.evaluate((el) => el === document.activeElement), { timeout }).toBe(true);
}
