import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { comparisonPath, createComparison, uploadFile, waitForRun, type Call } from '../../infra/local/api-flow';
import { api, stackUrl } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';
import { SPARSE_BASELINE_CSV, SPARSE_POINTS, sparseCarrierWorkbook, XLSX_TYPE } from '../support/sparse-carrier-files';

/**
 * In chromium: Select data points says how full each column is on each side (the carrier's City
 * is empty, so nothing pairs it), and once run, Verify discrepancies shows the carrier's premium
 * as the carrier typed it, not the binary noise Excel stored for it.
 */
const ADMIN = 'company-admin@demo.example';
const admin: Call = (method, p, body) => api(method, p, { as: ADMIN, body });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('column fill and amounts as written', () => {
  it('shows each column’s fill when pairing columns, and the carrier premium as written in the grid', async () => {
    const companyId = (await api('GET', '/api/me', { as: ADMIN })).body.company_id as string;
    const comparison = await createComparison(admin, companyId, `Browser column fill ${Date.now()}`);
    const base = comparisonPath(companyId, comparison.id);
    await uploadFile(admin, base, 'BASELINE', { name: 'census.csv', bytes: Buffer.from(SPARSE_BASELINE_CSV), contentType: 'text/csv' });
    await uploadFile(admin, base, 'SECONDARY', { name: 'carrier.xlsx', bytes: await sparseCarrierWorkbook(), contentType: XLSX_TYPE });
    const page = await (await browser.newContext({ viewport: { width: 1600, height: 1000 } })).newPage();
    try {
      await signInThroughUi(page, ADMIN);
      await page.goto(`${stackUrl()}/companies/${companyId}/comparisons/${comparison.id}?step=SELECT_DATA_POINTS`);
      const points = page.getByRole('table', { name: 'Data points' });
      await points.waitFor({ timeout: 15_000 });

      const rowOf = (baselineColumn: string) => points.getByRole('row').filter({ has: page.getByRole('combobox', { name: 'Baseline column' }).filter({ hasText: new RegExp(`^${baselineColumn}$`) }) });
      const fill = async (baselineColumn: string) => [
        await rowOf(baselineColumn).getByLabel('Baseline column fill').innerText(),
        await rowOf(baselineColumn).getByLabel('Carrier column fill').innerText(),
      ];
      await rowOf('Address 2').waitFor();
      expect(await fill('Address 2')).toEqual(['50% filled', '25% filled']);
      expect(await fill('SSN')).toEqual(['100% filled', '100% filled']);
      // The empty carrier City is never suggested; the picker says why.
      expect(await rowOf('City').count()).toBe(0);
      await rowOf('Address 2').getByRole('combobox', { name: 'Carrier column' }).click();
      const city = page.getByRole('option', { name: /^City/ });
      await expect(city.innerText()).resolves.toMatch(/City\s+empty/);
      if (process.env.DVP_SCREENSHOTS) await page.screenshot({ path: path.join(process.env.DVP_SCREENSHOTS, 'column-fill-picker.png') });
      // Chosen by hand anyway, the pair says what it will do.
      await city.click();
      await expect(rowOf('Address 2').getByLabel('Carrier column fill').innerText()).resolves.toBe('empty in this file');
      await expect(rowOf('Address 2').getByText('A side is empty: every row will differ').isVisible()).resolves.toBe(true);
      if (process.env.DVP_SCREENSHOTS) await page.screenshot({ path: path.join(process.env.DVP_SCREENSHOTS, 'column-fill.png'), fullPage: true });

      expect((await admin('PUT', `${base}/data_points`, SPARSE_POINTS)).status).toBe(200);
      expect((await admin('POST', `${base}/run`, {})).status).toBe(202);
      expect((await waitForRun(admin, base)).status).toBe('SUCCEEDED');
      await page.goto(`${stackUrl()}/companies/${companyId}/comparisons/${comparison.id}?step=VERIFY_DISCREPANCIES&tab=all`);
      const grid = page.getByRole('grid');
      await grid.getByRole('columnheader', { name: 'Carrier value' }).waitFor({ timeout: 20_000 });
      const carrierColumn = await grid.getByRole('columnheader', { name: 'Carrier value' }).getAttribute('aria-colindex');
      const carrierCell = grid.locator(`[role="gridcell"][aria-colindex="${carrierColumn}"]`).first();
      await carrierCell.waitFor();
      expect(await carrierCell.innerText()).toMatch(/^662\.17\s*6\s*\(differs\)$/);
    } catch (error) {
      await page.screenshot({ path: '/tmp/column-fill-failure.png', fullPage: true }).catch(() => undefined);
      throw error;
    } finally {
      await page.context().close();
    }
  });
});
