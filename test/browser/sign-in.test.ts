import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { navigationFor } from '../../shared/permissions/navigation';
import { landingPath } from '../../shared/permissions/landing';
import { demoUsers } from '../../infra/local/demo-data';
import { api } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('signing in as each demo role', () => {
  it.each(demoUsers.map((u) => [u.email]))('%s lands where SPEC §2 says, with its navigation', async (email) => {
    const me = (await api('GET', '/api/me', { as: email })).body;
    const expectedPath = landingPath(me);
    const nav = navigationFor(me, {
      organization_id: expectedPath.startsWith('/organizations/') ? me.organization_id : undefined,
      company_id: expectedPath.startsWith('/companies/') ? me.company_id : undefined,
    });
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await signInThroughUi(page, email);
      await page.waitForURL((url) => url.pathname === expectedPath, { timeout: 15_000 });
      const navigation = page.getByRole('navigation', { name: nav.title });
      await expect(navigation.isVisible()).resolves.toBe(true);
      for (const item of nav.items) {
        await expect(navigation.getByText(item.label, { exact: true }).first().isVisible()).resolves.toBe(true);
      }
      await expect(page.getByRole('link', { name: me.username }).or(page.getByText(me.username)).first().isVisible()).resolves.toBe(true);
    } finally {
      await context.close();
    }
  });

  it('refuses a wrong password with a visible error and stays on the sign-in form', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto((await import('../support/api')).stackUrl());
      await page.getByLabel('Username or email address').fill('admin@demo.example');
      await page.getByLabel('Password', { exact: true }).fill('wrong-password-1A!');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('alert').first().waitFor({ timeout: 15_000 });
      expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('hides sign-up and opens the external contact page from Contact Us', async () => {
    const config = await (await fetch(`${(await import('../support/api')).stackUrl()}/config.json`)).json();
    const context = await browser.newContext();
    // The machine has no network: answer for the external page so the new tab has somewhere to land.
    await context.route(`${new URL(config.contactUrl).origin}/**`, (route) => route.fulfill({ body: 'Contact page' }));
    const page = await context.newPage();
    try {
      await page.goto((await import('../support/api')).stackUrl());
      await page.getByLabel('Username or email address').waitFor();
      expect(await page.getByRole('tab', { name: /create account/i }).count()).toBe(0);
      const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Contact Us' }).click()]);
      expect(popup.url()).toContain(new URL(config.contactUrl).host);
    } finally {
      await context.close();
    }
  });

  it('logs out back to the sign-in form', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await signInThroughUi(page, 'company-admin@demo.example');
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.getByLabel('Username or email address').waitFor({ timeout: 15_000 });
    } finally {
      await context.close();
    }
  });
});
