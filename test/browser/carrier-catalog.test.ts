import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, stackUrl } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';
import { runBootstrap, temporaryPasswordFor } from '../support/bootstrap';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const grid = (page: Page) => page.getByRole('grid');
const row = (page: Page, name: string) => grid(page).getByRole('row').filter({ has: page.getByRole('gridcell', { name, exact: true }) });

describe('the carrier catalog pages', () => {
  it('a DMS Admin finds, adds, renames, deactivates and reactivates a carrier', async () => {
    const stamp = Date.now();
    const name = `Catalog Mutual ${stamp}`;
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    try {
      await signInThroughUi(page, 'admin@demo.example');
      await page.getByRole('link', { name: 'Carriers', exact: true }).click();
      await page.waitForURL(/\/admin\/carriers$/);
      await page.getByRole('heading', { name: 'Carriers' }).waitFor();
      // Other tests add carriers to the same stack, which may push the catalog's own past the first page.
      await page.getByRole('searchbox').fill('Guardian');
      await row(page, 'Guardian').waitFor({ timeout: 30_000 });

      await page.getByRole('button', { name: 'New carrier' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(/^Name/).fill(name);
      await dialog.getByRole('button', { name: 'Add carrier' }).click();
      await dialog.waitFor({ state: 'detached', timeout: 20_000 });

      // The grid's search narrows the list to the name typed.
      await page.getByRole('searchbox').fill('Catalog Mutual');
      await row(page, 'Guardian').waitFor({ state: 'detached', timeout: 20_000 });
      await row(page, name).waitFor({ timeout: 20_000 });

      await row(page, name).getByRole('button', { name: 'Edit' }).click();
      await dialog.getByLabel(/^Name/).fill(`${name} Group`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached', timeout: 20_000 });
      await row(page, `${name} Group`).waitFor({ timeout: 20_000 });

      await row(page, `${name} Group`).getByRole('button', { name: 'Deactivate' }).click();
      await row(page, `${name} Group`).getByText('Inactive').waitFor({ timeout: 20_000 });

      // Only the active ones: it is gone; only the inactive ones: it is back, and can be reactivated.
      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Active', exact: true }).click();
      await page.waitForURL(/status=active/);
      // The URL changes before the grid re-renders with the filter: wait for the row to go.
      await row(page, `${name} Group`).waitFor({ state: 'detached', timeout: 20_000 });
      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Inactive', exact: true }).click();
      await row(page, `${name} Group`).getByRole('button', { name: 'Reactivate' }).click();
      await row(page, `${name} Group`).waitFor({ state: 'detached', timeout: 20_000 });

      const carriers = (await api('GET', '/api/carriers?limit=1000', { as: 'admin@demo.example' })).body.items as { name: string; inactive?: boolean }[];
      expect(carriers.filter((c) => c.name.startsWith(name))).toEqual([expect.objectContaining({ name: `${name} Group`, inactive: false })]);
    } finally {
      await context.close();
    }
  });

  it('is not offered to other roles, and its address is a page they cannot open', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await signInThroughUi(page, 'agency-admin@demo.example');
      expect(await page.getByRole('link', { name: 'Carriers', exact: true }).count()).toBe(0);
      await page.goto(`${stackUrl()}/admin/carriers`);
      await page.getByText(/not found/i).first().waitFor({ timeout: 20_000 });
      expect(await page.getByRole('button', { name: 'New carrier' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('the first administrator of a stage', () => {
  it('signs in with the invitation of npm run bootstrap, chooses a password and lands on the organizations', async () => {
    const email = `bootstrap-${Date.now()}@test.example`;
    const run = await runBootstrap(['--local', '--email', email, '--name', 'First Admin']);
    expect(run.code, run.stderr).toBe(0);
    const temporary = await temporaryPasswordFor(email);

    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(stackUrl());
      await page.getByLabel('Username or email address').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(temporary);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('button', { name: 'Change Password' }).waitFor({ timeout: 30_000 });
      await page.getByLabel('Password', { exact: true }).fill('First-Admin-Passw0rd');
      await page.getByLabel('Confirm Password', { exact: true }).fill('First-Admin-Passw0rd');
      await page.getByRole('button', { name: 'Change Password' }).click();
      await page.getByRole('button', { name: 'Logout' }).waitFor({ timeout: 30_000 });
      await page.waitForURL(/\/admin\/organizations$/, { timeout: 30_000 });
      await page.getByRole('link', { name: 'Carriers', exact: true }).waitFor();
    } finally {
      await context.close();
    }
  }, 240_000);
});
