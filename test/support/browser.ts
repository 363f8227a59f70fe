import { chromium, type Browser, type Page } from 'playwright-core';
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
