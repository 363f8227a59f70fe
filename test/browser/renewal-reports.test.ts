import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, stackUrl } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';
import { demoIds, type DemoIds } from '../support/users';
import { newCarrierTree } from '../integration/hierarchy-support';

/**
 * The renewal reports through the pages: two renewals started through the API, one in an
 * organization the demo agency manages and one in an organization of its own, then the platform
 * report (rows, cards that filter the list, the .xlsx), the planning months, and the agency report
 * holding only its organizations' renewal, and the organization's own report.
 */
const ADMIN = 'admin@demo.example';
const AGENCY_ADMIN = 'agency-admin@demo.example';
// A year no other test starts renewals in, so this test's two are told apart from the rest.
const YEAR = 2047;

let browser: Browser;
let ids: DemoIds;
let managed: { id: string; companyName: string };
let unmanaged: { id: string; companyName: string };

async function startRenewal(companyId: string, companyCarrierId: string, month: string) {
  const res = await api('POST', `/api/companies/${companyId}/renewals`, { as: ADMIN, body: { company_carrier_id: companyCarrierId, year: YEAR, month } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.id as string, companyName: res.body.company_name as string };
}

beforeAll(async () => {
  browser = await launchBrowser();
  ids = await demoIds();
  const carriers = (await api('GET', `/api/companies/${ids.company1}/company_carriers`, { as: ADMIN })).body.items;
  const carrier = carriers.find((c: { renewal_month?: string | null }) => c.renewal_month === 'JANUARY');
  expect(carrier).toBeDefined();
  managed = await startRenewal(ids.company1, carrier.id, 'JANUARY');
  const tree = await newCarrierTree();
  unmanaged = await startRenewal(tree.company.id, tree.companyCarrier.id, 'JANUARY');
});

afterAll(async () => {
  await browser?.close();
});

const grid = (page: Page) => page.getByRole('grid');
/** The text of every cell of a column in the grid's current page. */
const columnTexts = (page: Page, field: string) => grid(page).locator(`[role="gridcell"][data-field="${field}"]`).allInnerTexts();

async function openAs(email: string) {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1100 }, acceptDownloads: true });
  const page = await context.newPage();
  await signInThroughUi(page, email);
  return { context, page };
}

describe('the renewal reports', () => {
  it('the platform report lists the renewals, counts them on cards that filter the list, and downloads the .xlsx', async () => {
    const { context, page } = await openAs(ADMIN);
    try {
      await page.goto(`${stackUrl()}/admin/reports/renewals`);
      await page.getByRole('heading', { name: 'Renewals', level: 1 }).waitFor({ timeout: 45_000 });

      // Latest renewal month first: this test's two renewals open the list.
      await grid(page).getByRole('link', { name: unmanaged.companyName }).waitFor({ timeout: 45_000 });
      await expect.poll(async () => (await columnTexts(page, 'period')).filter((p) => p === `January ${YEAR}`).length).toBeGreaterThanOrEqual(2);
      const organizations = await columnTexts(page, 'organization_id');
      expect(organizations).toContain('Harbor Benefits Group');

      // The cards count the whole scope, as the API lists it.
      const open = (await api('GET', '/api/admin/renewals?state=open&limit=1000', { as: ADMIN })).body.items as Array<{ step: string }>;
      const atClientInformation = open.filter((r) => r.step === 'CLIENT_INFORMATION').length;
      const counts = page.getByRole('navigation', { name: 'Renewal counts' });
      await expect.poll(() => counts.getByRole('link', { name: /^Open renewals/ }).innerText()).toContain(String(open.length));
      const clientInformationCard = counts.getByRole('link', { name: /^Client Information/ });
      expect(await clientInformationCard.innerText()).toContain(String(atClientInformation));

      // A card sets the list's filter, in the URL.
      await clientInformationCard.click();
      await page.waitForURL((url) => url.searchParams.get('state') === 'open' && url.searchParams.get('step') === 'CLIENT_INFORMATION');
      await expect.poll(() => clientInformationCard.getAttribute('aria-current')).toBe('true');
      await grid(page).getByRole('link', { name: unmanaged.companyName }).waitFor();
      await expect.poll(async () => new Set(await columnTexts(page, 'step'))).toEqual(new Set(['Client Information']));

      // The filters are the form's too: a year narrows the list to this test's renewals.
      await page.getByLabel('Year').click();
      await page.getByRole('option', { name: String(YEAR), exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('year') === String(YEAR));
      await expect.poll(async () => (await columnTexts(page, 'company_name')).sort()).toEqual([managed.companyName, unmanaged.companyName].sort());

      // The .xlsx comes with the same filters.
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 45_000 }), page.getByRole('button', { name: 'Download .xlsx' }).click()]);
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);

      // A row opens its renewal.
      await grid(page).getByRole('link', { name: unmanaged.companyName }).click();
      await page.waitForURL((url) => url.pathname.endsWith(`/renewals/${unmanaged.id}`));
    } finally {
      await context.close();
    }
  });

  it('the planning report shows each month of the coming year with its company carriers and renewals', async () => {
    const { context, page } = await openAs(ADMIN);
    try {
      await page.goto(`${stackUrl()}/admin/reports/renewal-planning?from=${YEAR}-01`);
      const january = page.getByRole('region', { name: `January ${YEAR}` });
      await january.waitFor({ timeout: 45_000 });
      for (const month of ['February', 'June', 'December']) await page.getByRole('heading', { name: `${month} ${YEAR}`, level: 2 }).waitFor();
      await january.getByRole('link', { name: unmanaged.companyName }).waitFor();
      // The renewal started in January is there with its step, linking to it.
      const row = january.getByRole('row').filter({ hasText: unmanaged.companyName });
      await row.getByRole('link', { name: 'Client Information' }).click();
      await page.waitForURL((url) => url.pathname.endsWith(`/renewals/${unmanaged.id}`));

      await page.goBack();
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 45_000 }), page.getByRole('button', { name: 'Download .xlsx' }).click()]);
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    } finally {
      await context.close();
    }
  });

  it("an agency's report holds only the renewals of the organizations it manages", async () => {
    const { context, page } = await openAs(AGENCY_ADMIN);
    try {
      await page.goto(`${stackUrl()}/agencies/${ids.agency}/reports/renewals?year=${YEAR}`);
      await grid(page).getByRole('link', { name: managed.companyName }).waitFor({ timeout: 45_000 });
      expect(await columnTexts(page, 'company_name')).toEqual([managed.companyName]);
      expect(await columnTexts(page, 'organization_id')).toEqual(['Harbor Benefits Group']);
      expect(await page.getByText(unmanaged.companyName).count()).toBe(0);

      await page.goto(`${stackUrl()}/agencies/${ids.agency}/reports/renewal-planning?from=${YEAR}-01`);
      await page.getByRole('region', { name: `January ${YEAR}` }).waitFor({ timeout: 45_000 });
      expect(await page.getByText(unmanaged.companyName).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("an organization's report holds its own renewals, without an organization column", async () => {
    const { context, page } = await openAs('org-admin@demo.example');
    try {
      await page.goto(`${stackUrl()}/organizations/${ids.org1}/reports/renewals?year=${YEAR}`);
      await grid(page).getByRole('link', { name: managed.companyName }).waitFor({ timeout: 45_000 });
      expect(await columnTexts(page, 'company_name')).toEqual([managed.companyName]);
      expect(await grid(page).getByRole('columnheader', { name: 'Organization' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('the list pages through every renewal with the cursor the API answers, past the first page', async () => {
    // 26 renewals in a year of their own: one more than the grid's first page holds.
    const PAGING_YEAR = 2045;
    const months = ['JANUARY', 'FEBRUARY', 'MARCH', 'APRIL', 'MAY', 'JUNE', 'JULY', 'AUGUST', 'SEPTEMBER', 'OCTOBER', 'NOVEMBER', 'DECEMBER'];
    const carriersOf = async (companyId: string) => (await api('GET', `/api/companies/${companyId}/company_carriers`, { as: ADMIN })).body.items as Array<{ id: string }>;
    const slots = [
      ...(await carriersOf(ids.company1)).flatMap((c) => months.map((month) => ({ companyId: ids.company1, carrierId: c.id, month }))),
      ...(await carriersOf(ids.company2)).flatMap((c) => months.map((month) => ({ companyId: ids.company2, carrierId: c.id, month }))),
    ].slice(0, 26);
    expect(slots).toHaveLength(26);
    for (let i = 0; i < slots.length; i += 6) {
      await Promise.all(
        slots.slice(i, i + 6).map(async ({ companyId, carrierId, month }) => {
          const res = await api('POST', `/api/companies/${companyId}/renewals`, { as: ADMIN, body: { company_carrier_id: carrierId, year: PAGING_YEAR, month } });
          expect(res.status, JSON.stringify(res.body)).toBe(201);
        }),
      );
    }

    const { context, page } = await openAs(ADMIN);
    try {
      await page.goto(`${stackUrl()}/admin/reports/renewals?year=${PAGING_YEAR}`);
      await expect.poll(() => columnTexts(page, 'company_name'), { timeout: 45_000 }).toHaveLength(25);
      const first = await columnTexts(page, 'period');
      expect(first[0]).toBe(`December ${PAGING_YEAR}`);
      await page.getByRole('button', { name: 'Go to next page' }).click();
      await expect.poll(() => columnTexts(page, 'period')).toHaveLength(1);
      expect((await columnTexts(page, 'period'))[0]).toMatch(new RegExp(`${PAGING_YEAR}$`));
      await page.getByText('26–26 of 26').waitFor();
      await page.getByRole('button', { name: 'Go to previous page' }).click();
      await expect.poll(() => columnTexts(page, 'period')).toEqual(first);
    } finally {
      await context.close();
    }
  });
});
