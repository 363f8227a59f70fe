import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, stackUrl } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Picks an option of an MUI select by its label. */
async function choose(page: Page, scope: Page | ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByLabel(label, { exact: false }).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('the client hierarchy through the pages', () => {
  it('an admin creates organization → company → company carrier → plan', async () => {
    const stamp = Date.now();
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    try {
      await signInThroughUi(page, 'admin@demo.example');

      // Organization (on a plan that includes carriers).
      await page.goto(`${stackUrl()}/admin/organizations/new`);
      await page.getByRole('main').getByLabel(/^Name/).first().fill(`Pages Org ${stamp}`);
      await choose(page, page, 'Plan', 'Platinum Elite');
      await page.getByRole('button', { name: 'Create organization' }).click();
      await page.waitForURL((url) => /^\/organizations\/[^/]+$/.test(url.pathname), { timeout: 45_000 });
      const organizationId = new URL(page.url()).pathname.split('/')[2];

      // Company.
      await page.goto(`${stackUrl()}/organizations/${organizationId}/new`);
      await page.getByRole('main').getByLabel(/^Name/).first().fill(`Pages Co ${stamp}`);
      await page.getByRole('button', { name: 'Create company' }).click();
      await page.waitForURL((url) => /^\/companies\/[^/]+$/.test(url.pathname), { timeout: 45_000 });
      const companyId = new URL(page.url()).pathname.split('/')[2];

      // Company carrier.
      await page.goto(`${stackUrl()}/companies/${companyId}/company-carriers`);
      await page.getByRole('button', { name: 'Add carrier' }).click();
      const carrierDialog = page.getByRole('dialog');
      await choose(page, carrierDialog, 'Carrier', 'Aetna');
      await carrierDialog.getByRole('button', { name: 'Add carrier' }).click();
      await page.waitForURL(/\/company-carriers\/[^/]+$/, { timeout: 45_000 });

      // Plan.
      await page.getByRole('button', { name: 'Add plan' }).click();
      const planDialog = page.getByRole('dialog');
      await planDialog.getByLabel('Plan name', { exact: false }).fill(`HMO ${stamp}`);
      await choose(page, planDialog, 'Benefit type', 'Medical');
      await planDialog.getByRole('button', { name: 'Add plan' }).click();
      await planDialog.waitFor({ state: 'detached', timeout: 20_000 });
      await page.getByText(`HMO ${stamp}`).first().waitFor({ timeout: 45_000 });

      // What the pages wrote is what the API holds.
      const carriers = (await api('GET', `/api/companies/${companyId}/company_carriers`, { as: 'admin@demo.example' })).body.items;
      expect(carriers).toHaveLength(1);
      const plans = (
        await api('GET', `/api/companies/${companyId}/company_carriers/${carriers[0].id}/company_carrier_plans`, { as: 'admin@demo.example' })
      ).body.items;
      expect(plans).toMatchObject([{ name: `HMO ${stamp}`, benefit_type: 'MEDICAL' }]);
    } finally {
      await context.close();
    }
  });
});
