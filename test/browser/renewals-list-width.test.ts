import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { api, stackUrl } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';

/** On a 1440 × 900 screen the renewals lists show the demo's carrier and owner names whole. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The demo renewal's year, as the seed chose it: other tests add renewals to the demo company in
 * years of their own, enough to page this one out of an unfiltered list.
 */
const today = new Date();
const DEMO_YEAR = today.getUTCMonth() < 6 ? today.getUTCFullYear() : today.getUTCFullYear() + 1;

/** The cell shows its whole text: nothing is cut off behind an ellipsis. */
const isWhole = (cell: Locator) => cell.evaluate((el) => el.scrollWidth <= el.clientWidth && (el.textContent ?? '').length > 0);

describe('the renewals lists at 1440 pixels', () => {
  it.each([
    ['company-admin@demo.example', 'company renewals', (me: { company_id: string }) => `/companies/${me.company_id}/renewals`],
    ['org-admin@demo.example', "organization's renewals report", (me: { organization_id: string }) => `/organizations/${me.organization_id}/reports/renewals`],
  ] as const)('%s: the %s list shows Guardian and Olivia Owens whole', async (email, _list, pathOf) => {
    const me = (await api('GET', '/api/me', { as: email })).body;
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    try {
      await signInThroughUi(page, email);
      await page.goto(`${stackUrl()}${pathOf(me)}?year=${DEMO_YEAR}`);
      const row = page
        .locator('[role="row"]')
        .filter({ has: page.locator('[data-field="carrier_name"]', { hasText: 'Guardian' }) })
        .filter({ has: page.locator('[data-field="owners"]', { hasText: 'Olivia Owens' }) })
        .first();
      await row.waitFor({ timeout: 20_000 });
      const carrier = row.locator('[role="gridcell"][data-field="carrier_name"]');
      const owners = row.locator('[role="gridcell"][data-field="owners"]');
      expect(await isWhole(carrier), 'carrier name cut').toBe(true);
      expect(await isWhole(owners), 'owners cut').toBe(true);
    } finally {
      await context.close();
    }
  });
});
