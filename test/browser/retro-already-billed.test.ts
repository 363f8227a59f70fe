import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_PASSWORD } from '../../infra/local/demo-data';
import type { Call } from '../../infra/local/api-flow';
import { api, stackUrl } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';
import { FEBRUARY, JANUARY, reconcileBill } from '../support/retro-list-bills';
import { createTestUser } from '../support/test-users';
import { created, newCarrier, newCompany, newOrganization } from '../integration/hierarchy-support';

/**
 * Charges already billed in chromium: January's and February's list bills of one carrier are
 * reconciled through the API; February's report shows the retro charges January already billed as
 * their own kind with their dollars, and says December's invoice is unknown; the carrier's history
 * shows billed, expected and credits claimed month by month.
 */
let browser: Browser;
let email: string;
let companyId: string;
let companyCarrierId: string;
let call: Call;
let february: { id: string; base: string };

beforeAll(async () => {
  browser = await launchBrowser();
  const organization = await newOrganization();
  const company = await newCompany(organization.id);
  companyId = company.id;
  companyCarrierId = (await created(`/api/companies/${companyId}/company_carriers`, { carrier_id: (await newCarrier()).id, group_number: 'G-7' })).id;
  ({ email } = await createTestUser({ role: 'COMPANY_ADMIN', organization_id: organization.id, company_id: companyId, password: DEMO_PASSWORD, permanent: true }));
  call = (method, p, body) => api(method, p, { as: email, body });
  await reconcileBill(call, companyId, 'January invoice', companyCarrierId, JANUARY);
  february = await reconcileBill(call, companyId, 'February invoice', companyCarrierId, FEBRUARY);
  // Cole's double charge was claimed from the carrier.
  const discrepancies = (await call('GET', `${february.base}/data_point_discrepancies?skipverification=true&limit=100`)).body.items;
  const cole = discrepancies.find((d: { amount: number }) => d.amount === 1250);
  expect((await call('PATCH', `${february.base}/data_point_discrepancies/${cole.id}`, { resolved_discrepancy_type: 'COST', credit_status: 'REQUESTED', updated_at: cole.updated_at })).status).toBe(200);
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

describe('Charges already billed', () => {
  it("shows the kind and the unknown earlier invoice on February's report, and the history on the carrier page", async () => {
    const context = await browser.newContext({ viewport: { width: 1500, height: 1100 } });
    const page = await context.newPage();
    try {
      await signInThroughUi(page, email);
      await page.goto(`${stackUrl()}/companies/${companyId}/comparisons/${february.id}?step=VIEW_REPORTS`);
      await page.getByRole('heading', { name: 'Invoice reconciliation' }).waitFor({ timeout: 15_000 });
      await expect(page.getByRole('region', { name: 'Over-billed', exact: true }).locator('p').first().innerText()).resolves.toBe('$2,515.93');
      await expect(page.getByTestId('earlier-invoices-unknown').innerText()).resolves.toMatch(/^Earlier invoice unknown: retro charges bill Dec 2025/);
      const byKind = page.locator('[aria-labelledby="invoice-by-kind"]');
      await expect(byKind.getByRole('listitem').allInnerTexts()).resolves.toEqual(['Retro charge already billed: $2,515.93 (4)']);

      const largest = page.getByRole('table', { name: 'Largest items' });
      const first = largest.getByRole('row').nth(1);
      await first.waitFor({ timeout: 15_000 });
      const firstText = await first.innerText();
      expect(firstText).toMatch(/cole/i);
      expect(firstText).toContain('Retro charge already billed');
      expect(firstText).toContain('Jan 2026');
      expect(firstText).toContain('$1,250.00');
      expect(firstText).toContain('Requested');

      await page.goto(`${stackUrl()}/companies/${companyId}/company-carriers/${companyCarrierId}?view=invoices`);
      const history = page.getByRole('region', { name: 'Invoice reconciliations' });
      await history.getByTestId('carrier-invoice-trend').locator('svg').first().waitFor({ timeout: 15_000 });
      await expect(history.getByRole('columnheader').allInnerTexts()).resolves.toEqual(['Billing period', 'Billed', 'Expected', 'Net', 'Over-billed', 'Credits claimed', 'Recovered', 'Open']);
      // Billed, expected, net, over-billed, credits claimed, recovered, open.
      await expect(history.getByRole('row').filter({ hasText: 'Jan 2026' }).innerText()).resolves.toMatch(/\$3,765\.93\s+\$4,345\.93\s+-\$580\.00\s+\$0\.00\s+\$0\.00\s+\$0\.00\s+\$0\.00/);
      await expect(history.getByRole('row').filter({ hasText: 'Feb 2026' }).innerText()).resolves.toMatch(/\$8,054\.26\s+\$5,538\.33\s+\$2,515\.93\s+\$2,515\.93\s+\$1,250\.00\s+\$0\.00\s+\$2,515\.93/);
      await expect(history.getByTestId('carrier-invoice-trend').textContent()).resolves.toContain('Credits claimed');
    } finally {
      if (process.env.DVP_SCREENSHOTS) await page.screenshot({ path: `${process.env.DVP_SCREENSHOTS}/retro-already-billed.png`, fullPage: true });
      await context.close();
    }
  }, 240_000);
});
