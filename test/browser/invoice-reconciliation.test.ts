import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../infra/local/demo-data';
import { comparisonPath, uploadFile, waitForRun, type Call } from '../../infra/local/api-flow';
import { api, stackUrl } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';
import { createTestUser } from '../support/test-users';
import { created, newCarrier, newCompany, newOrganization, unique } from '../integration/hierarchy-support';

/**
 * Invoice reconciliation in chromium, in a company of its own: the new comparison dialog asks for
 * the carrier and the invoice details, the files and data points go in through the API and the run
 * reconciles the list bill; the report leads with the dollars (figures worked out by hand below),
 * the largest item first; a credit marked Received moves Recovered; the carrier page draws the
 * month-by-month trend; a verify-only user sees the dollars without the edit.
 */
const csv = (name: string, text: string) => ({ name, bytes: Buffer.from(text, 'utf8'), contentType: 'text/csv' });

const ENROLLMENT = [
  'SSN,First Name,Last Name,Benefit Type,Plan,Coverage Tier,Effective Date,Term Date,Monthly Premium',
  '111-11-1111,Ann,Able,Medical,PPO 500,Employee Only,01/01/2025,,612.40',
  '222-22-2222,Bob,Baker,Medical,PPO 500,Employee + Spouse,01/01/2025,,1250.00',
  '333-33-3333,Cy,Cole,Medical,PPO 500,Employee Only,01/01/2025,10/31/2025,612.40',
  '444-44-4444,Di,Dunn,Dental,Dental PPO,Family,01/01/2025,,120.00',
].join('\n');

const LIST_BILL = [
  'Invoice Number:,INV-1',
  'Billing Period:,01/2026',
  'Invoice Date:,12/20/2025',
  'SSN,Member Name,Coverage Type,Tier,Current Premium',
  '111-11-1111,"ABLE, ANN",MED,EE,612.40',
  '222-22-2222,"BAKER, BOB",MED,FAM,"1,480.00"',
  '333-33-3333,"COLE, CY",MED,EE,612.40',
  '888-88-8888,"HALE, HAL",MED,EE,500.00',
  ',Medical Subtotal,,,"3,204.80"',
  ',Total Amount Due,,,"$3,204.80"',
].join('\n');

/*
 * By hand: billed 612.40 + 1,480.00 + 612.40 + 500.00 = 3,204.80. The enrollment expects Able
 * 612.40, Baker 1,250.00 and Dunn 120.00 for January (Cole termed in October, Hale is not
 * enrolled) = 1,982.40. Findings: Cole billed after his term +612.40, Hale billed but not enrolled
 * +500.00, Baker's premium +230.00, Dunn enrolled but not billed −120.00. Over-billed 1,342.40,
 * under-billed 120.00, net 1,222.40. Cole's 612.40 is the largest item.
 */
const POINTS = [
  { baseline_column_name: 'SSN', secondary_column_name: 'SSN', is_unique_identifier: true },
  { baseline_column_name: 'Benefit Type', secondary_column_name: 'Coverage Type', is_unique_identifier: true },
  { baseline_column_name: 'Monthly Premium', secondary_column_name: 'Current Premium', is_unique_identifier: false },
  { baseline_column_name: 'Coverage Tier', secondary_column_name: 'Tier', is_unique_identifier: false },
  // Every set needs a name pair; a list bill's one name column ('LAST, FIRST') pairs with the last name.
  { baseline_column_name: 'Last Name', secondary_column_name: 'Member Name', is_unique_identifier: false },
];

let browser: Browser;
let email: string;
let verifierEmail: string;
let companyId: string;
let companyCarrierId: string;
let carrierName: string;
let call: Call;

beforeAll(async () => {
  browser = await launchBrowser();
  const organization = await newOrganization();
  const company = await newCompany(organization.id);
  carrierName = unique('Invoice Carrier');
  const carrier = await newCarrier(carrierName);
  companyCarrierId = (await created(`/api/companies/${company.id}/company_carriers`, { carrier_id: carrier.id, renewal_month: 'JANUARY', group_number: 'G-100' })).id;
  companyId = company.id;
  ({ email } = await createTestUser({ role: 'COMPANY_ADMIN', organization_id: organization.id, company_id: company.id, password: DEMO_PASSWORD, permanent: true }));
  ({ email: verifierEmail } = await createTestUser({ role: 'COMPANY_USER', organization_id: organization.id, company_id: company.id, password: DEMO_PASSWORD, permanent: true }));
  call = (method, p, body) => api(method, p, { as: email, body });
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

async function withPage(user: string, name: string, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport: { width: 1500, height: 1100 } });
  const page = await context.newPage();
  try {
    await signInThroughUi(page, user);
    await run(page);
  } finally {
    if (process.env.DVP_SCREENSHOTS) await page.screenshot({ path: `${process.env.DVP_SCREENSHOTS}/${name}.png`, fullPage: true });
    await context.close();
  }
}

const cardValue = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true }).locator('p').first();

describe('Invoice reconciliation', () => {
  it('creates an invoice comparison from the dialog, reports its dollars, records a credit and draws the carrier trend', async () => {
    let comparisonId = '';
    await withPage(email, 'invoice-create', async (page) => {
      await page.goto(`${stackUrl()}/companies/${companyId}/comparisons`);
      await page.getByRole('button', { name: 'New comparison' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name').fill('January invoice');
      await expect(dialog.getByLabel('Invoice number').count()).resolves.toBe(0);
      await dialog.getByRole('combobox', { name: 'Audit type' }).click();
      await page.getByRole('option', { name: 'Invoice Reconciliation' }).click();
      await dialog.getByLabel('Invoice number').waitFor();
      await expect(dialog.getByLabel('Billing period').isVisible()).resolves.toBe(true);
      await expect(dialog.getByLabel('Invoice date').isVisible()).resolves.toBe(true);
      await dialog.getByRole('combobox', { name: 'Carrier' }).click();
      await page.getByRole('option', { name: new RegExp(`${carrierName}.*G-100`) }).click();
      await dialog.getByLabel('Invoice number').fill('INV-1');
      // A billing period that names no month is refused under its field.
      await dialog.getByLabel('Billing period').fill('someday');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await dialog.getByText(/billing_period must name a month/).waitFor();
      await dialog.getByLabel('Billing period').fill('2026-01');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL(/\/comparisons\/[^/?]+/, { timeout: 15_000 });
      comparisonId = new URL(page.url()).pathname.split('/').pop()!;
    });
    const base = comparisonPath(companyId, comparisonId);
    const saved = (await call('GET', base)).body;
    expect(saved).toMatchObject({ audit_type: 'INVOICE_RECONCILIATION', company_carrier_id: companyCarrierId, invoice_number: 'INV-1', billing_period: '2026-01' });

    await uploadFile(call, base, 'BASELINE', csv('enrollment.csv', ENROLLMENT));
    await uploadFile(call, base, 'SECONDARY', csv('list-bill.csv', LIST_BILL));
    const points = await call('PUT', `${base}/data_points`, POINTS);
    expect(points.status, JSON.stringify(points.body)).toBe(200);
    const started = await call('POST', `${base}/run`);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const done = await waitForRun(call, base);
    expect(done.status, done.status_reason).toBe('SUCCEEDED');
    const summary = (await call('GET', `${base}/invoice_summary`)).body;
    expect(summary).toMatchObject({ billed: 3204.8, expected: 1982.4, net: 1222.4, invoice_date: '2025-12-20', claim_deadline: '2026-02-18' });

    await withPage(email, 'invoice-report', async (page) => {
      await page.goto(`${stackUrl()}/companies/${companyId}/comparisons/${comparisonId}?step=VIEW_REPORTS`);
      await page.getByRole('heading', { name: 'Invoice reconciliation' }).waitFor({ timeout: 15_000 });
      await expect(cardValue(page, 'Billed').innerText()).resolves.toBe('$3,204.80');
      await expect(cardValue(page, 'Expected').innerText()).resolves.toBe('$1,982.40');
      await expect(cardValue(page, 'Over-billed').innerText()).resolves.toBe('$1,342.40');
      await expect(cardValue(page, 'Under-billed').innerText()).resolves.toBe('$120.00');
      await expect(cardValue(page, 'Net').innerText()).resolves.toBe('$1,222.40');
      await expect(cardValue(page, 'Recovered').innerText()).resolves.toBe('$0.00');
      await expect(cardValue(page, 'Open').innerText()).resolves.toBe('$1,342.40');
      const days = summary.days_to_claim as number;
      await expect(cardValue(page, 'Days to claim').innerText()).resolves.toBe(days < 0 ? 'passed' : `${days} ${days === 1 ? 'day' : 'days'}`);
      await expect(page.getByRole('region', { name: 'Days to claim' }).innerText()).resolves.toContain('Feb 18, 2026');
      if (days < 15) await expect(page.getByRole('region', { name: 'Days to claim' }).getAttribute('data-urgent')).resolves.toBe('true');
      await expect(page.getByRole('heading', { name: 'Billed vs expected by plan' }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('heading', { name: 'Dollars by kind' }).isVisible()).resolves.toBe(true);

      const largest = page.getByRole('table', { name: 'Largest items' });
      const first = largest.getByRole('row').nth(1);
      await first.waitFor({ timeout: 15_000 });
      const firstText = await first.innerText();
      expect(firstText).toMatch(/cole/i);
      expect(firstText).toContain('Billed but not enrolled');
      expect(firstText).toContain('Jan 2026');
      expect(firstText).toContain('$612.40');
      await expect(largest.getByRole('row').nth(2).innerText()).resolves.toContain('$500.00');
      await expect(largest.getByRole('row').last().innerText()).resolves.toContain('-$120.00');

      // The credit for Cole's line came back: marked Received where the finding is resolved.
      await page.goto(`${stackUrl()}/companies/${companyId}/comparisons/${comparisonId}?step=VERIFY_DISCREPANCIES`);
      const grid = page.getByRole('grid');
      await grid.getByRole('columnheader', { name: 'Amount' }).waitFor({ timeout: 15_000 });
      await expect(grid.getByRole('columnheader', { name: 'Months' }).isVisible()).resolves.toBe(true);
      const coleRow = grid.getByRole('row').filter({ hasText: '$612.40' });
      await coleRow.waitFor({ timeout: 15_000 });
      await expect(coleRow.innerText()).resolves.toContain('Billed but not enrolled');
      await coleRow.getByRole('gridcell').nth(2).dblclick();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Discrepancy type').click();
      await page.getByRole('option', { name: 'Confirmed' }).click();
      await dialog.getByRole('combobox', { name: 'Credit status' }).click();
      await page.getByRole('option', { name: 'Received' }).click();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect
        .poll(async () => (await call('GET', `${base}/invoice_summary`)).body.recovered, { timeout: 15_000 })
        .toBe(612.4);

      await page.goto(`${stackUrl()}/companies/${companyId}/comparisons/${comparisonId}?step=VIEW_REPORTS`);
      await page.getByRole('heading', { name: 'Invoice reconciliation' }).waitFor({ timeout: 15_000 });
      await expect.poll(() => cardValue(page, 'Recovered').innerText(), { timeout: 15_000 }).toBe('$612.40');
      await expect(cardValue(page, 'Open').innerText()).resolves.toBe('$730.00');

      // The carrier's page opens on its plans, without the chart library.
      const chartCode: string[] = [];
      page.on('request', (request) => {
        if (/\/(ChartsWrapper|LineChart|ReconciliationLineChart)-[^/]*\.js$/.test(request.url())) chartCode.push(request.url());
      });
      await page.goto(`${stackUrl()}/companies/${companyId}/company-carriers/${companyCarrierId}`);
      await page.getByRole('tabpanel', { name: 'Plans' }).getByRole('grid').waitFor({ timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      expect(chartCode).toEqual([]);

      // The carrier's trend, month by month, in its tab.
      await page.getByRole('tab', { name: 'Invoice reconciliations' }).click();
      await page.waitForURL((url) => url.searchParams.get('view') === 'invoices');
      const trend = page.getByRole('region', { name: 'Invoice reconciliations' });
      await trend.getByTestId('carrier-invoice-trend').locator('svg').first().waitFor({ timeout: 15_000 });
      const row = trend.getByRole('row').filter({ hasText: 'Jan 2026' });
      await expect(row.innerText()).resolves.toMatch(/\$3,204\.80\s+\$1,982\.40\s+\$1,222\.40\s+\$1,342\.40\s+\$612\.40\s+\$612\.40\s+\$730\.00/);
    });

    // A verify-only user reads the same dollars, without the edit of the invoice details.
    await withPage(verifierEmail, 'invoice-verifier', async (page) => {
      await page.goto(`${stackUrl()}/companies/${companyId}/comparisons/${comparisonId}?step=VIEW_REPORTS`);
      await page.getByRole('heading', { name: 'Invoice reconciliation' }).waitFor({ timeout: 15_000 });
      await expect(cardValue(page, 'Net').innerText()).resolves.toBe('$1,222.40');
      await expect(page.getByText('INV-1').first().isVisible()).resolves.toBe(true);
      await expect(page.getByRole('button', { name: 'Edit invoice details' }).count()).resolves.toBe(0);
    });
  }, 240_000);
});
