import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { parseFile } from '../../functions/lib/files';
import { api, stackUrl } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';
import { companyOf } from '../support/comparison-fixture';
import { guardianFixture, guardianXlsx } from '../fixtures/generator/guardian-row-based';

/**
 * The Convert Carrier Files page in chromium: a Guardian row-based export is uploaded with
 * progress, converted, its counts, unplaced rows and masked previews shown; the converted .xlsx
 * downloads equal to the expected table; it is attached to a new comparison as its carrier file; a
 * file that is not Guardian's is refused with the columns named; verify-only users get the 404 page.
 */
const ADMIN = 'company-admin@demo.example';
let browser: Browser;
let companyId: string;
const fixture = guardianFixture({ families: 30, seed: 'guardian-browser', footer: true, orphanCoverage: true });

beforeAll(async () => {
  browser = await launchBrowser();
  ({ companyId } = await companyOf(ADMIN));
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

async function openAs(email: string) {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1100 }, acceptDownloads: true });
  const page = await context.newPage();
  await signInThroughUi(page, email);
  await page.goto(`${stackUrl()}/companies/${companyId}/convert-carrier-files`);
  return { context, page };
}

describe('the Convert Carrier Files page', () => {
  it('uploads with progress, converts, shows counts and previews, downloads the .xlsx and attaches it to a new comparison', async () => {
    const { context, page } = await openAs(ADMIN);
    try {
      await page.getByRole('heading', { level: 1, name: 'Convert Carrier Files' }).waitFor({ timeout: 20_000 });
      // Storage answers the PUT a moment late, so the bar is seen before the upload completes.
      await page.route(
        (url) => url.searchParams.has('X-Amz-Signature'),
        async (route) => {
          if (route.request().method() !== 'PUT') return route.fallback();
          await new Promise((resolve) => setTimeout(resolve, 1_500));
          await route.continue();
        },
      );
      await page.getByTestId('carrier-file-input').setInputFiles({
        name: 'guardian-eligibility.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await guardianXlsx(fixture),
      });
      await page.getByRole('progressbar', { name: 'Uploading carrier file' }).waitFor({ timeout: 15_000 });
      const counts = page.getByTestId('conversion-counts');
      await counts.waitFor({ timeout: 60_000 });
      const text = await counts.innerText();
      expect(text).toContain(`Members: ${fixture.counts.members}`);
      expect(text).toContain(`Dependents: ${fixture.counts.dependents}`);
      expect(text).toContain(`Coverage lines: ${fixture.counts.coverage_lines}`);
      expect(text).toContain(`Rows not placed: ${fixture.counts.unplaced_rows}`);
      const unplaced = page.getByRole('table', { name: 'Rows that could not be placed' });
      for (const u of fixture.unplaced) await unplaced.getByRole('cell', { name: String(u.row), exact: true }).waitFor();

      const converted = page.getByRole('table', { name: 'Converted rows' });
      await converted.waitFor({ timeout: 20_000 });
      await page.getByRole('table', { name: 'Original rows' }).waitFor();
      const shown = await page.getByRole('main').innerText();
      for (const row of fixture.expected.rows.slice(0, 5)) expect(shown).not.toContain(row[2]!);
      expect(shown).toMatch(/\*\*\*-\*\*-\d{4}/);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download converted .xlsx' }).click();
      const saved = await download;
      expect(saved.suggestedFilename()).toBe('guardian-eligibility (converted).xlsx');
      const parsed = await parseFile(fs.readFileSync(await saved.path()), 'converted.xlsx');
      const rows: string[][] = [];
      for await (const row of parsed.rows) rows.push(row);
      expect(parsed.columns).toEqual(fixture.expected.columns);
      expect(rows).toEqual(fixture.expected.rows);

      const use = page.getByRole('region', { name: 'Use in a comparison' });
      await use.getByLabel('Comparison', { exact: true }).click();
      await page.getByRole('option', { name: 'New comparison…' }).click();
      const name = `Guardian browser ${Date.now()}`;
      await use.getByLabel('Comparison name').fill(name);
      await use.getByRole('button', { name: 'Use in comparison' }).click();
      await use.getByText(/Attached as the carrier file/).waitFor({ timeout: 60_000 });
      const comparisons = (await api('GET', `/api/companies/${companyId}/comparisons?limit=100`, { as: ADMIN })).body.items as Array<{ id: string; name: string }>;
      const made = comparisons.find((c) => c.name === name)!;
      expect(made).toBeTruthy();
      await expect
        .poll(async () => (await api('GET', `/api/companies/${companyId}/comparisons/${made.id}`, { as: ADMIN })).body.secondary_file?.status, { timeout: 30_000 })
        .toBe('PARSED');
      const secondary = (await api('GET', `/api/companies/${companyId}/comparisons/${made.id}`, { as: ADMIN })).body.secondary_file;
      expect(secondary).toMatchObject({ source_file_type: 'GUARDIAN_ROW_BASED_CONVERTED', renamed: true, row_count: fixture.expected.rows.length });
      await use.getByRole('link', { name: 'Open the comparison' }).click();
      await page.waitForURL(new RegExp(`/comparisons/${made.id}`));
    } finally {
      await context.close();
    }
  });

  it('refuses a file that is not a Guardian export, naming the missing columns', async () => {
    const { context, page } = await openAs(ADMIN);
    try {
      await page.getByRole('heading', { level: 1, name: 'Convert Carrier Files' }).waitFor({ timeout: 20_000 });
      const census = fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/small/baseline.csv'));
      await page.getByTestId('carrier-file-input').setInputFiles({ name: 'census.csv', mimeType: 'text/csv', buffer: census });
      await page.getByRole('alert').filter({ hasText: /not a Guardian row-based file we can convert: no column for Product/ }).first().waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('conversion-counts').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('is the 404 page for a verify-only user', async () => {
    const { context, page } = await openAs('company-user@demo.example');
    try {
      const heading = page.locator('main h1').first();
      await heading.waitFor({ timeout: 20_000 });
      await expect.poll(async () => (await heading.textContent())?.trim()).toBe('404');
    } finally {
      await context.close();
    }
  });
});
