import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, stackUrl } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';

/**
 * The DMS Admin edits a platform e-mail text from the admin navigation and resets it to the
 * default; an organization without its own text then shows the platform's.
 */
const ADMIN = 'admin@demo.example';
const LABEL = 'Renewal Task Organization Managed';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await api('DELETE', '/api/platform-email-templates/RENEWAL_TASK_ORGANIZATION_MANAGED', { as: ADMIN });
  await browser?.close();
});

describe('platform e-mail templates', () => {
  it('the DMS Admin edits a text from the navigation and resets it to the default', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    try {
      await signInThroughUi(page, ADMIN);
      await page.goto(`${stackUrl()}/admin/organizations`);
      await page.getByRole('link', { name: 'Email Templates' }).click();
      await expect.poll(() => page.locator('main h1').first().textContent()).toBe('Email Templates');

      const card = page.locator('main .MuiPaper-root', { has: page.getByRole('heading', { name: LABEL, exact: true }) }).last();
      await card.getByText('Default text').waitFor();
      await card.getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Subject').fill('Platform subject from the page');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await card.getByText('Platform subject from the page').waitFor();
      await card.getByText('Platform template').waitFor();

      const stored = (await api('GET', '/api/platform-email-templates', { as: ADMIN })).body.items.find((t: { email_type: string }) => t.email_type === 'RENEWAL_TASK_ORGANIZATION_MANAGED');
      expect(stored).toMatchObject({ subject: 'Platform subject from the page', source: 'PLATFORM' });

      await card.getByRole('button', { name: 'Reset' }).click();
      await card.getByText('Default text').waitFor();
      expect(await card.getByRole('button', { name: 'Reset' }).count()).toBe(0);
      expect(await card.getByText('Platform subject from the page').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
