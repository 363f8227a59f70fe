import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, stackUrl } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';
import { activate, createUserAsAdmin, uniqueEmail } from '../support/users';
import { newCarrierTree } from '../integration/hierarchy-support';

/**
 * The organization page's cards are the organization's figures: a renewal and a comparison started
 * for one of its companies each show up on them, and the Overdue renewals cards of the organization
 * page and the company overview count a renewal whose step is past its due date (a renewal started
 * for a month that has already begun is still at its first step after its go-live date). Each test
 * on an organization of its own.
 */
const PLATFORM_ADMIN = 'admin@demo.example';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

/** A new organization with one company and carrier, and its organization admin, signed up. */
async function organizationOfItsOwn() {
  const tree = await newCarrierTree();
  const admin = uniqueEmail('org-admin');
  await createUserAsAdmin({ email: admin, role: 'ORGANIZATION_ADMIN', first_name: 'Orla', organization_id: tree.organization.id });
  await activate(admin);
  return { tree, admin };
}

/** The figure on the card labelled `label`, once it is a number. */
async function card(page: Page, label: string): Promise<number> {
  const value = page.locator('.MuiCard-root', { has: page.getByText(label, { exact: true }) }).locator('.MuiTypography-h5');
  await expect.poll(async () => /^\d+$/.test((await value.innerText()).trim()), { timeout: 15_000 }).toBe(true);
  return Number((await value.innerText()).trim());
}

describe("the organization page's cards", () => {
  it('count a renewal and a comparison started for a company of the organization', async () => {
    const { tree, admin } = await organizationOfItsOwn();
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

describe('the Overdue renewals cards', () => {
  it('count a renewal whose step is past its due date on the organization page and the company overview', async () => {
    const { tree, admin } = await organizationOfItsOwn();
    const context = await browser.newContext();
    const page = await context.newPage();
    const organizationPage = `${stackUrl()}/organizations/${tree.organization.id}`;
    const companyPage = `${stackUrl()}/companies/${tree.company.id}`;
    try {
      await signInThroughUi(page, admin);
      await page.goto(organizationPage);
      expect(await card(page, 'Overdue renewals')).toBe(0);
      await page.goto(companyPage);
      expect(await card(page, 'Overdue renewals')).toBe(0);

      // A renewal for a month already begun, not yet due (next year's) beside it.
      for (const year of [2020, new Date().getUTCFullYear() + 2]) {
        const renewal = await api('POST', `/api/companies/${tree.company.id}/renewals`, { as: admin, body: { company_carrier_id: tree.companyCarrier.id, year, month: 'JANUARY' } });
        expect(renewal.status, JSON.stringify(renewal.body)).toBe(201);
      }

      await page.reload();
      expect(await card(page, 'Overdue renewals')).toBe(1);
      expect(await card(page, 'Open renewals')).toBe(2);
      await page.goto(organizationPage);
      expect(await card(page, 'Overdue renewals')).toBe(1);
      expect(await card(page, 'Renewals due')).toBe(2);
      await page.locator('.MuiCard-root', { has: page.getByText('Overdue renewals', { exact: true }) }).click();
      await expect.poll(() => new URL(page.url()).search).toBe('?state=overdue');
    } finally {
      await context.close();
    }
  });

  it("the platform administrator's organizations page totals them over every organization", async () => {
    const { tree, admin } = await organizationOfItsOwn();
    const late = await api('POST', `/api/companies/${tree.company.id}/renewals`, { as: admin, body: { company_carrier_id: tree.companyCarrier.id, year: 2020, month: 'JANUARY' } });
    expect(late.status, JSON.stringify(late.body)).toBe(201);
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await signInThroughUi(page, PLATFORM_ADMIN);
      await page.goto(`${stackUrl()}/admin/organizations`);
      // Other tests add renewals to the same stack: the card must agree with the API's total read beside it.
      const apiTotal = async () => (await api('GET', '/api/admin/organizations/stats', { as: PLATFORM_ADMIN })).body.totals.renewals_overdue as number;
      await expect
        .poll(async () => {
          await page.reload();
          const shown = await card(page, 'Overdue renewals');
          return shown === (await apiTotal()) && shown >= 1;
        }, { timeout: 30_000 })
        .toBe(true);
      await page.locator('.MuiCard-root', { has: page.getByText('Overdue renewals', { exact: true }) }).click();
      await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe('/admin/reports/renewals?state=overdue');
    } finally {
      await context.close();
    }
  });
});
