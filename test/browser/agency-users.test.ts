import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, stackUrl } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';

/**
 * An agency's people under /agencies/{id}/users: the agency admin reaches them from the Agency
 * navigation, creates an agency user and edits them; the DMS Admin reaches the same pages from the
 * admin agency page.
 */
const AGENCY_ADMIN = 'agency-admin@demo.example';
const ADMIN = 'admin@demo.example';
let browser: Browser;
let agencyId = '';

beforeAll(async () => {
  browser = await launchBrowser();
  agencyId = (await api('GET', '/api/me', { as: AGENCY_ADMIN })).body.agency_id as string;
});

afterAll(async () => {
  await browser?.close();
});

async function signedIn(email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  await signInThroughUi(page, email);
  return page;
}

const heading = (page: Page) => page.locator('main h1').first();

describe("an agency's users", () => {
  it('the agency admin lists, creates and edits the agency users from the Agency navigation', async () => {
    const page = await signedIn(AGENCY_ADMIN);
    try {
      await page.getByRole('link', { name: 'Users', exact: true }).click();
      await expect.poll(() => page.url()).toContain(`/agencies/${agencyId}/users`);
      await expect.poll(() => heading(page).textContent()).toBe('Users');
      await page.getByRole('link', { name: 'Ari Agent' }).waitFor();
      // Only agency roles are offered in the filter.
      await page.getByRole('combobox', { name: 'Role' }).click();
      expect(await page.getByRole('option').allTextContents()).toEqual(['All roles', 'Agency Admin', 'Agency User']);
      await page.keyboard.press('Escape');

      await page.getByRole('link', { name: 'New user' }).click();
      await expect.poll(() => heading(page).textContent()).toBe('New User');
      const email = `agent-${Date.now()}@demo.example`;
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('First name').fill('Nova');
      await page.getByLabel('Last name').fill('Agent');
      await page.getByRole('combobox', { name: 'Role' }).click();
      await page.getByRole('option', { name: 'Agency User' }).click();
      await page.getByRole('button', { name: 'Create user' }).click();
      await expect.poll(() => heading(page).textContent(), { timeout: 15_000 }).toBe('Nova Agent');
      expect(page.url()).toMatch(new RegExp(`/agencies/${agencyId}/users/[^/]+$`));
      await expect.poll(() => page.getByText('Agency User', { exact: true }).count()).toBe(1);

      await page.getByRole('link', { name: 'Edit' }).click();
      await expect.poll(() => heading(page).textContent()).toBe('Edit User');
      await page.getByLabel('Job title').fill('Account manager');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => heading(page).textContent(), { timeout: 15_000 }).toBe('Nova Agent');
      await page.getByText('Account manager').waitFor();

      const created = (await api('GET', `/api/agencies/${agencyId}/users`, { as: AGENCY_ADMIN })).body.items as { email: string; role: string; job_title: string | null }[];
      expect(created.find((u) => u.email === email)).toMatchObject({ role: 'AGENCY_USER', job_title: 'Account manager' });
    } finally {
      await page.context().close();
    }
  });

  it('the DMS Admin opens the agency users from the admin agency page', async () => {
    const page = await signedIn(ADMIN);
    try {
      await page.goto(`${stackUrl()}/admin/agencies/${agencyId}`);
      await page.locator('main').getByRole('link', { name: 'Users', exact: true }).click();
      await expect.poll(() => page.url()).toContain(`/agencies/${agencyId}/users`);
      await page.getByRole('link', { name: 'Alex Agency' }).click();
      await expect.poll(() => heading(page).textContent()).toBe('Alex Agency');
      await page.getByRole('link', { name: 'Edit' }).waitFor();
    } finally {
      await page.context().close();
    }
  });
});
