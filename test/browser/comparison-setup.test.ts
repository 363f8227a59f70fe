import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, stackUrl } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';

/**
 * The comparison set-up pages in chromium: a company admin creates a comparison, uploads the small
 * fixture pair, sees the row counts, accepts the suggested data points and reaches Map Data.
 */
const ADMIN = 'company-admin@demo.example';
const fixture = (name: string) => path.resolve(import.meta.dirname, '../fixtures/small', name);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('comparison set-up pages', () => {
  it('takes a company admin from a new comparison through Import Data and Select Data Points to Map Data', async () => {
    const me = (await api('GET', '/api/me', { as: ADMIN })).body;
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await signInThroughUi(page, ADMIN);
      await page.goto(`${stackUrl()}/companies/${me.company_id}/comparisons`);
      await page.getByRole('button', { name: 'New comparison' }).click();
      const dialog = page.getByRole('dialog', { name: 'New comparison' });
      await dialog.getByLabel('Name').fill('Browser set-up');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL(/\/comparisons\/[^/]+$/, { timeout: 15_000 });
      await page.getByRole('heading', { name: 'Browser set-up' }).waitFor();

      await page.getByTestId('baseline-file-input').setInputFiles(fixture('baseline.csv'));
      await page.getByTestId('baseline-summary').getByText(/200 rows/).waitFor({ timeout: 30_000 });
      await page.getByTestId('secondary-file-input').setInputFiles(fixture('secondary.csv'));
      await page.getByTestId('secondary-summary').getByText(/201 rows/).waitFor({ timeout: 30_000 });
      const preview = page.getByRole('table', { name: 'First rows of the baseline file' });
      await expect(preview.getByRole('columnheader', { name: 'SSN', exact: true }).isVisible()).resolves.toBe(true);

      await page.getByRole('button', { name: 'Next: Select data points' }).click();
      const points = page.getByRole('table', { name: 'Data points' });
      await points.waitFor({ timeout: 15_000 });
      await expect(page.getByText('✓ A unique identifier').isVisible()).resolves.toBe(true);
      await expect(page.getByText('✓ A name column on both sides').isVisible()).resolves.toBe(true);
      await expect(points.getByText(/known synonym/).first().isVisible()).resolves.toBe(true);

      await page.getByRole('button', { name: 'Save and continue' }).click();
      // SSN alone repeats when a member has several benefit lines: the warning names it, the user goes on.
      const onward = page.getByRole('button', { name: 'Continue to Map data' });
      const mapIntro = page.getByText(/Map the carrier’s values onto the baseline’s/);
      await onward.or(mapIntro).first().waitFor({ timeout: 30_000 });
      if (await onward.isVisible()) await onward.click();
      await mapIntro.waitFor({ timeout: 15_000 });

      const comparisonId = new URL(page.url()).pathname.split('/').pop()!;
      const saved = await api('GET', `/api/companies/${me.company_id}/comparisons/${comparisonId}`, { as: ADMIN });
      expect(saved.body.step).toBe('MAP_DATA');
      expect(saved.body.baseline_file.row_count).toBe(200);
      expect(saved.body.secondary_file.row_count).toBe(201);
    } catch (error) {
      await page.screenshot({ path: '/tmp/comparison-setup-failure.png', fullPage: true }).catch(() => undefined);
      throw error;
    } finally {
      await context.close();
    }
  });

  it('shows why a file cannot be read, and replaces it with a good one', async () => {
    const me = (await api('GET', '/api/me', { as: ADMIN })).body;
    const created = await api('POST', `/api/companies/${me.company_id}/comparisons`, {
      as: ADMIN,
      body: { name: 'Browser damaged file', type: 'COMPARE_ONLY', audit_type: 'ENROLLMENT_AUDIT' },
    });
    expect(created.status).toBe(201);
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await signInThroughUi(page, ADMIN);
      await page.goto(`${stackUrl()}/companies/${me.company_id}/comparisons/${created.body.id}`);
      const carrier = page.getByRole('region', { name: 'Carrier file' });

      await page.getByTestId('secondary-file-input').setInputFiles({ name: 'carrier.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK\u0003\u0004 not a workbook') });
      await carrier.getByRole('alert').getByText(/could not be read/).waitFor({ timeout: 30_000 });
      await page.getByTestId('secondary-file-input').setInputFiles(fixture('secondary.csv'));
      await page.getByTestId('secondary-summary').getByText(/201 rows/).waitFor({ timeout: 30_000 });

      await expect(carrier.getByRole('alert').count()).resolves.toBe(0);
      const saved = await api('GET', `/api/companies/${me.company_id}/comparisons/${created.body.id}`, { as: ADMIN });
      expect(saved.body.secondary_file).toMatchObject({ name: 'secondary.csv', status: 'PARSED', row_count: 201 });
    } catch (error) {
      await page.screenshot({ path: '/tmp/comparison-damaged-failure.png', fullPage: true }).catch(() => undefined);
      throw error;
    } finally {
      await context.close();
    }
  });
});
