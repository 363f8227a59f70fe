import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, stackUrl } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';
import { activate, createUserAsAdmin, uniqueEmail } from '../support/users';
import { newCarrierTree } from '../integration/hierarchy-support';

/**
 * The organization page's cards are the organization's figures: a renewal and a comparison started
 * for one of its companies each show up on them, on an organization of the test's own.
 */
let browser: Browser;
let tree: Awaited<ReturnType<typeof newCarrierTree>>;
const admin = uniqueEmail('org-admin');

beforeAll(async () => {
  browser = await launchBrowser();
  tree = await newCarrierTree();
  await createUserAsAdmin({ email: admin, role: 'ORGANIZATION_ADMIN', first_name: 'Orla', organization_id: tree.organization.id });
  await activate(admin);
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

/** The figure on the card labelled `label`, once it is a number. */
async function card(page: Page, label: string): Promise<number> {
  const value = page.locator('.MuiCard-root', { has: page.getByText(label, { exact: true }) }).locator('.MuiTypography-h5');
  await expect.poll(async () => /^\d+$/.test((await value.innerText()).trim()), { timeout: 15_000 }).toBe(true);
  return Number((await value.innerText()).trim());
}

describe("the organization page's cards", () => {
  it('count a renewal and a comparison started for a company of the organization', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await signInThroughUi(page, admin);
      await page.goto(`${stackUrl()}/organizations/${tree.organization.id}`);
      const before = { comparisons: await card(page, 'Open comparisons'), renewals: await card(page, 'Renewals due') };
      expect(await card(page, 'Companies')).toBe(1);

      const companyId = tree.company.id;
      const renewal = await api('POST', `/api/companies/${companyId}/renewals`, { as: admin, body: { company_carrier_id: tree.companyCarrier.id, year: 2027, month: 'JANUARY' } });
      expect(renewal.status, JSON.stringify(renewal.body)).toBe(201);
      const comparison = await api('POST', `/api/companies/${companyId}/comparisons`, { as: admin, body: { name: 'Card check', type: 'COMPARE_ONLY', audit_type: 'ENROLLMENT_AUDIT' } });
      expect(comparison.status, JSON.stringify(comparison.body)).toBe(201);

      await page.reload();
      expect(await card(page, 'Open comparisons')).toBe(before.comparisons + 1);
      expect(await card(page, 'Renewals due')).toBe(before.renewals + 1);
    } finally {
      await context.close();
    }
  });
});
