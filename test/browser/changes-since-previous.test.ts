import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, stackUrl } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';
import { carrierAudit, firstCarrierFile, fixedCarrierFile, newCompanyCarrier, wrongPremiumsCarrierFile } from '../support/changes-fixture';
import { companyOf } from '../support/comparison-fixture';

/**
 * The report of a company carrier's second audit shows what changed since the first (1 new, 9
 * still open, 3 fixed, listed), and its cards open the discrepancies filtered by it; the filter
 * is kept in the URL and can be changed on the grid.
 */
const USER = 'company-admin@demo.example';
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('changes since the previous audit', () => {
  it('shows new, still open and fixed on the report, and the verify grid filters by it', async () => {
    const { companyId } = await companyOf(USER);
    const companyCarrierId = await newCompanyCarrier(companyId);
    await carrierAudit(USER, companyId, companyCarrierId, 'Browser changes: January', firstCarrierFile);
    const second = await carrierAudit(USER, companyId, companyCarrierId, 'Browser changes: February', fixedCarrierFile());

    const context = await browser.newContext({ viewport: { width: 1600, height: 1100 } });
    const page = await context.newPage();
    const crashes: string[] = [];
    page.on('pageerror', (error) => crashes.push(error.message));
    try {
      await signInThroughUi(page, USER);
      await page.goto(`${stackUrl()}/companies/${companyId}/comparisons/${second.id}`);
      const section = page.getByRole('region', { name: 'Since the previous audit' });
      await section.waitFor({ timeout: 20_000 });
      await expect.poll(() => page.getByTestId('change-card-new').innerText(), { timeout: 15_000 }).toMatch(/^new\s+1\s/i);
      expect(await page.getByTestId('change-card-still_open').innerText()).toMatch(/^still open\s+9\s+oldest open since \d+\/\d+\/\d{4}/i);
      expect(await page.getByTestId('change-card-fixed').innerText()).toMatch(/^fixed\s+3\s/i);
      await expect(section.getByRole('link', { name: 'Browser changes: January' }).isVisible()).resolves.toBe(true);
      const fixed = section.getByRole('grid', { name: 'Findings fixed since the previous audit' });
      await expect.poll(() => fixed.locator('[role="row"][data-id]').count(), { timeout: 15_000 }).toBe(3);
      await expect(fixed.getByRole('gridcell', { name: 'Only at carrier' }).isVisible()).resolves.toBe(true);
      await expect(fixed.getByRole('gridcell', { name: /^Monthly Premium/ }).isVisible()).resolves.toBe(true);

      // The New card opens the discrepancies that are new: one, the gender.
      await page.getByTestId('change-card-new').getByRole('link').click();
      await page.waitForURL((url) => url.searchParams.get('change') === 'NEW', { timeout: 15_000 });
      const grid = page.getByRole('grid');
      await expect.poll(() => grid.getByRole('row').count(), { timeout: 15_000 }).toBe(2);
      expect(await grid.getByRole('row').nth(1).innerText()).toContain('Gender');
      expect(await page.getByRole('combobox', { name: 'Since the previous audit' }).innerText()).toBe('New');

      // Still open: the seven discrepancies also in January (the other two still open are missing rows).
      await page.getByRole('combobox', { name: 'Since the previous audit' }).click();
      await page.getByRole('option', { name: 'Still open', exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('change') === 'STILL_OPEN', { timeout: 15_000 });
      await expect.poll(() => grid.getByRole('row').count(), { timeout: 15_000 }).toBe(8);
      expect(await grid.getByRole('row').nth(1).innerText()).toMatch(/Still open since \d+\/\d+\/\d{4}/);

      // Verify missing data filters by it too: no missing row is new, the two still open are exactly the API's.
      const stillOpen = await api('GET', `${second.base}/missing_discrepancies?change=STILL_OPEN`, { as: USER });
      const stillOpenIds = (stillOpen.body.items as Array<{ id: string }>).map((m) => `missing-row-${m.id}`).sort();
      expect(stillOpenIds).toHaveLength(2);
      await page.goto(`${stackUrl()}/companies/${companyId}/comparisons/${second.id}?step=VERIFY_MISSING_DATA`);
      const missingRows = page.locator('[data-testid^="missing-row-"]');
      const shownIds = async () => (await missingRows.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid') ?? ''))).sort();
      await expect.poll(shownIds, { timeout: 20_000 }).toEqual(stillOpenIds);
      const missingChange = page.getByRole('combobox', { name: 'Since the previous audit' });
      await missingChange.click();
      await page.getByRole('option', { name: 'New', exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('change') === 'NEW', { timeout: 15_000 });
      await expect.poll(() => missingRows.count(), { timeout: 15_000 }).toBe(0);
      expect(await page.getByText('No row of this group matches the filter.').count()).toBe(2);
      await missingChange.click();
      await page.getByRole('option', { name: 'Still open', exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('change') === 'STILL_OPEN', { timeout: 15_000 });
      await expect.poll(shownIds, { timeout: 15_000 }).toEqual(stillOpenIds);
      for (const row of await missingRows.all()) expect(await row.innerText()).toMatch(/Still open since \d+\/\d+\/\d{4}/);

      // The company carrier's audits over time: both audits, their changes, the oldest finding still open.
      await page.goto(`${stackUrl()}/companies/${companyId}/company-carriers/${companyCarrierId}?view=audits`);
      const audits = page.getByRole('region', { name: 'Audits over time' });
      await audits.waitFor({ timeout: 20_000 });
      await audits.getByTestId('carrier-audit-trend').locator('.MuiChartsSurface-root').first().waitFor({ timeout: 20_000 });
      const rows = audits.getByRole('table').getByRole('row');
      expect(await rows.count()).toBe(3);
      expect((await rows.nth(2).innerText()).split('\t').map((c) => c.trim()).slice(2)).toEqual(['8', '1', '0', '1', '1', '9', '3']);
      expect(await audits.getByTestId('oldest-open-finding').innerText()).toMatch(/^Oldest finding still open: first seen on \d+\/\d+\/\d{4}, \d+ days? ago \(still open in Browser changes: February\)\.$/);
      expect(crashes).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('lists every fixed finding page by page', async () => {
    const { companyId } = await companyOf(USER);
    const companyCarrierId = await newCompanyCarrier(companyId);
    // Thirty premiums wrong in the first audit and right in the second: thirty fixed, more than a page of the list.
    await carrierAudit(USER, companyId, companyCarrierId, 'Browser fixed pages: January', wrongPremiumsCarrierFile(30).text);
    const second = await carrierAudit(USER, companyId, companyCarrierId, 'Browser fixed pages: February', firstCarrierFile);
    const truth = await api('GET', `${second.base}/changes_since_previous?status=FIXED&limit=100`, { as: USER });
    expect(truth.body.fixed).toBe(30);
    const expected = (truth.body.items as Array<{ id: string }>).map((item) => item.id);
    expect(expected).toHaveLength(30);

    const context = await browser.newContext({ viewport: { width: 1600, height: 1100 } });
    const page = await context.newPage();
    try {
      await signInThroughUi(page, USER);
      await page.goto(`${stackUrl()}/companies/${companyId}/comparisons/${second.id}`);
      const fixed = page.getByRole('grid', { name: 'Findings fixed since the previous audit' });
      await fixed.waitFor({ timeout: 20_000 });
      expect(await page.getByRole('heading', { name: 'Fixed since the previous audit (30)' }).isVisible()).toBe(true);
      const rows = fixed.locator('[role="row"][data-id]');
      const shown = () => rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-id') ?? ''));
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(25);
      const first = await shown();
      expect(first).toEqual(expected.slice(0, 25));
      await page.getByRole('region', { name: 'Fixed findings' }).getByRole('button', { name: 'Go to next page' }).click();
      await expect.poll(shown, { timeout: 15_000 }).toEqual(expected.slice(25));
    } finally {
      await context.close();
    }
  });
});
