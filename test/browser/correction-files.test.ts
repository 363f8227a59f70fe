import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { listAll } from '../../infra/local/api-flow';
import { api, stackUrl } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';
import { callAs, companyOf, finishedComparison } from '../support/comparison-fixture';

/**
 * In chromium: a complete audit's correction file for the carrier downloaded from the Complete step
 * (the .xlsx opened, the 834 read as text) and from the company carrier page's Correction files
 * tab; a verify-only user sees neither download.
 */
const ADMIN = 'company-admin@demo.example';
const VERIFY_ONLY = 'company-user@demo.example';
const XLSX_BUTTON = 'Corrections for the carrier (.xlsx)';
const X12_BUTTON = 'Corrections for the carrier (834)';

let browser: Browser;
let companyId: string;
let comparison: { id: string; base: string; name: string };
let companyCarrierId: string;

async function downloaded(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const [saved] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), click()]);
  return readFile((await saved.path())!);
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ companyId } = await companyOf(ADMIN));
  const carriers = (await api('GET', `/api/companies/${companyId}/company_carriers`, { as: ADMIN })).body;
  companyCarrierId = (Array.isArray(carriers) ? carriers : carriers.items)[0].id;
  const name = `Browser corrections ${Date.now()}`;
  const finished = await finishedComparison(ADMIN, companyId, name, 'COMPARE_ONLY');
  comparison = { id: finished.id, base: finished.base, name };
  const current = (await api('GET', finished.base, { as: ADMIN })).body;
  expect((await api('PATCH', finished.base, { as: ADMIN, body: { company_carrier_id: companyCarrierId, updated_at: current.updated_at } })).status).toBe(200);
  const [wrong] = await listAll(callAs(ADMIN), `${finished.base}/data_point_discrepancies?skipverification=true`);
  const resolved = await api('PATCH', `${finished.base}/data_point_discrepancies/${wrong.id}`, {
    as: ADMIN,
    body: { resolved_discrepancy_type: 'WRONG_PLAN', resolved_value_source: 'BASELINE', updated_at: wrong.updated_at },
  });
  expect(resolved.status).toBe(200);
  expect((await api('POST', `${finished.base}/complete`, { as: ADMIN, body: { override: true } })).status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
});

describe('the correction file for the carrier in the browser', () => {
  it('downloads from the Complete step: the .xlsx in the carrier layout and the 834 change file', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
    const page = await context.newPage();
    try {
      await signInThroughUi(page, ADMIN);
      await page.goto(`${stackUrl()}/companies/${companyId}/comparisons/${comparison.id}?step=COMPLETE`);
      const section = page.getByRole('region', { name: 'Correction file for the carrier' });
      await section.waitFor({ timeout: 20_000 });

      const xlsx = await downloaded(page, () => section.getByRole('button', { name: XLSX_BUTTON }).click());
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(xlsx as unknown as ArrayBuffer);
      const sheet = wb.getWorksheet('Corrections')!;
      const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
      expect(headers.slice(-3)).toEqual(['Action', 'Changes', 'Reason']);
      expect(headers).toContain('Member ID');
      expect(String(sheet.getRow(2).getCell(headers.indexOf('Action') + 1).value)).toBe('Change');

      const x12 = (await downloaded(page, () => section.getByRole('button', { name: X12_BUTTON }).click())).toString('latin1');
      expect(x12.startsWith('ISA*')).toBe(true);
      expect(x12).toMatch(/\nINS\*[YN]\*\d\d\*001\*/);
    } catch (error) {
      await page.screenshot({ path: '/tmp/correction-files-failure.png', fullPage: true }).catch(() => undefined);
      throw error;
    } finally {
      await context.close();
    }
  });

  it("downloads from the company carrier page's Correction files tab", async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
    const page = await context.newPage();
    try {
      await signInThroughUi(page, ADMIN);
      await page.goto(`${stackUrl()}/companies/${companyId}/company-carriers/${companyCarrierId}?view=corrections`);
      const button = page.getByRole('button', { name: `${XLSX_BUTTON}: ${comparison.name}` });
      await button.waitFor({ timeout: 20_000 });
      const xlsx = await downloaded(page, () => button.click());
      expect(xlsx.subarray(0, 2).toString('latin1')).toBe('PK');
    } finally {
      await context.close();
    }
  });

  it('shows a verify-only user no correction file downloads', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    try {
      await signInThroughUi(page, VERIFY_ONLY);
      await page.goto(`${stackUrl()}/companies/${companyId}/comparisons/${comparison.id}?step=COMPLETE`);
      await page.getByRole('heading', { name: 'Checklist' }).waitFor({ timeout: 20_000 });
      expect(await page.getByRole('button', { name: XLSX_BUTTON }).count()).toBe(0);
      expect(await page.getByRole('button', { name: X12_BUTTON }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
