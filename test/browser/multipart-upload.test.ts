import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { api, stackUrl } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';

/**
 * A file above the multipart threshold uploaded through Import Data in chromium. The test stack
 * lowers the threshold to 6 MB with 5 MB parts (test/support/local-stack-setup.ts), so a 12 MB CSV
 * goes up as 3 parts, the way a file above 100 MB does on AWS.
 */
const ADMIN = 'company-admin@demo.example';
const MB = 1024 * 1024;

let browser: Browser;
let companyId: string;
beforeAll(async () => {
  browser = await launchBrowser();
  companyId = (await api('GET', '/api/me', { as: ADMIN })).body.company_id;
});
afterAll(async () => {
  await browser?.close();
});

/** About 12 MB of CSV: the small baseline's rows repeated; answers the bytes and its data rows. */
function bigCsv(): { buffer: Buffer; rows: number } {
  const [header, ...rows] = fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/small/baseline.csv'), 'utf8').trimEnd().split('\n');
  const lines = [header];
  let size = 0;
  while (size < 12 * MB) {
    const row = rows[(lines.length - 1) % rows.length];
    lines.push(row);
    size += row.length + 1;
  }
  return { buffer: Buffer.from(`${lines.join('\n')}\n`), rows: lines.length - 1 };
}

async function openNewComparison(name: string): Promise<{ page: Page; comparisonId: string; close: () => Promise<void> }> {
  const created = await api('POST', `/api/companies/${companyId}/comparisons`, { as: ADMIN, body: { name, type: 'COMPARE_ONLY', audit_type: 'ENROLLMENT_AUDIT' } });
  expect(created.status).toBe(201);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughUi(page, ADMIN);
  await page.goto(`${stackUrl()}/companies/${companyId}/comparisons/${created.body.id}`);
  await page.getByRole('heading', { name }).waitFor({ timeout: 15_000 });
  return { page, comparisonId: created.body.id, close: () => context.close() };
}

const isPart = (request: Request) => request.method() === 'PUT' && new URL(request.url()).searchParams.has('partNumber');

describe('uploading a file above the multipart threshold', () => {
  it('sends it in parts with one progress bar, then reads it', async () => {
    const { page, comparisonId, close } = await openNewComparison('Browser multipart upload');
    const csv = bigCsv();
    const parts: string[] = [];
    const completions: string[] = [];
    page.on('request', (request) => {
      if (isPart(request)) parts.push(new URL(request.url()).searchParams.get('partNumber')!);
      if (request.method() === 'POST' && request.url().endsWith('/complete')) completions.push(request.url());
    });
    // Parts are held back a little, so the upload lasts long enough to be seen under way.
    await page.route((url) => url.searchParams.has('partNumber'), async (route) => {
      await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    try {
      await page.getByTestId('baseline-file-input').setInputFiles({ name: 'census.csv', mimeType: 'text/csv', buffer: csv.buffer });
      await page.getByText(/Uploading… \d+%/).waitFor({ timeout: 15_000 });
      const bar = page.getByRole('progressbar', { name: 'Uploading Baseline file' });
      const shown = Number(await bar.getAttribute('aria-valuenow'));
      await page.getByTestId('baseline-summary').getByText(`${csv.rows.toLocaleString('en-US')} rows`).waitFor({ timeout: 120_000 });

      const saved = await api('GET', `/api/companies/${companyId}/comparisons/${comparisonId}`, { as: ADMIN });
      expect(shown).toBeGreaterThanOrEqual(0);
      expect(shown).toBeLessThan(100);
      expect([...parts].sort()).toEqual(['1', '2', '3']);
      expect(completions).toHaveLength(1);
      expect(saved.body.baseline_file).toMatchObject({ status: 'PARSED', row_count: csv.rows, size: csv.buffer.byteLength });
    } catch (error) {
      await page.screenshot({ path: '/tmp/multipart-upload-failure.png', fullPage: true }).catch(() => undefined);
      throw error;
    } finally {
      await close();
    }
  });

  it('aborts the upload on Cancel: the file is gone from the comparison', async () => {
    const { page, comparisonId, close } = await openNewComparison('Browser multipart cancel');
    const aborts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'DELETE' && /\/uploads\/[^/]+$/.test(request.url())) aborts.push(request.url());
    });
    // The parts never get through, so the upload is still under way when Cancel is pressed.
    await page.route((url) => url.searchParams.has('partNumber'), () => undefined);
    try {
      await page.getByTestId('baseline-file-input').setInputFiles({ name: 'census.csv', mimeType: 'text/csv', buffer: bigCsv().buffer });
      await page.getByText(/Uploading… \d+%/).waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByText('Upload cancelled').waitFor({ timeout: 15_000 });
      await page.getByRole('region', { name: 'Baseline file' }).getByRole('button', { name: 'Choose file' }).waitFor({ timeout: 15_000 });

      const saved = await api('GET', `/api/companies/${companyId}/comparisons/${comparisonId}`, { as: ADMIN });
      expect(aborts).toHaveLength(1);
      expect(saved.body.baseline_file).toBeNull();
    } catch (error) {
      await page.screenshot({ path: '/tmp/multipart-cancel-failure.png', fullPage: true }).catch(() => undefined);
      throw error;
    } finally {
      await close();
    }
  });
});
