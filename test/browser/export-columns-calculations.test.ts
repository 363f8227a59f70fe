import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, stackUrl } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';
import { callAs, companyOf, finishedComparison, smallConfig } from '../support/comparison-fixture';
import { comparisonPath, configureDataPoints, listAll, uploadFile, waitForRun } from '../../infra/local/api-flow';

/**
 * In chromium: the merged file's export columns chosen on the Complete step (a template applied,
 * a carrier column added, renamed, reordered, an SSN formatted) and the downloaded .xlsx opened;
 * a compare-only audit's export columns applied from a template and its discrepancies .xlsx opened;
 * a calculation chosen on Select data points, its result in the Verify discrepancies grid and in
 * the discrepancies workbook; an unknown comparison or export template answered by the 404 page.
 */
const ADMIN = 'company-admin@demo.example';
const ORG_ADMIN = 'org-admin@demo.example';
const dir = path.resolve(import.meta.dirname, '../fixtures/small');
const file = (name: string) => ({ name, bytes: readFileSync(path.join(dir, name)), contentType: 'text/csv' });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function download(page: Page, button: string): Promise<ExcelJS.Workbook> {
  const [saved] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('button', { name: button }).click()]);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile((await saved.path())!)) as unknown as ArrayBuffer);
  return wb;
}

const headersOf = (ws: ExcelJS.Worksheet) => (ws.getRow(1).values as unknown[]).slice(1).map((v) => String(v ?? ''));

function column(ws: ExcelJS.Worksheet, header: string): unknown[] {
  const at = headersOf(ws).indexOf(header) + 1;
  if (at < 1) throw new Error(`no column ${header} in ${ws.name}`);
  const out: unknown[] = [];
  for (let r = 2; r <= ws.actualRowCount; r++) out.push(ws.getRow(r).getCell(at).value);
  return out;
}

/** Opens a select by its accessible name and picks the option. */
async function choose(page: Page, name: string, option: string) {
  await page.getByRole('combobox', { name, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

describe('export columns, calculations and 404 pages in the browser', () => {
  it('applies a template, chooses, orders, renames and formats the export columns, and the merged .xlsx follows them', async () => {
    const { companyId } = await companyOf(ADMIN);
    const cmp = await finishedComparison(ADMIN, companyId, `Browser export columns ${Date.now()}`, 'COMPARE_MERGE');
    const template = await api('POST', `/api/companies/${companyId}/export_columns_templates`, {
      as: ADMIN,
      body: {
        name: `Browser export template ${Date.now()}`,
        columns: [
          { baseline_column_name: 'SSN', index: 0 },
          { baseline_column_name: 'Last Name', index: 1 },
        ],
      },
    });
    expect(template.status).toBe(201);

    const context = await browser.newContext({ viewport: { width: 1500, height: 1100 }, acceptDownloads: true });
    const page = await context.newPage();
    try {
      await signInThroughUi(page, ADMIN);
      await page.goto(`${stackUrl()}/companies/${companyId}/comparisons/${cmp.id}?step=COMPLETE`);
      const section = page.getByRole('region', { name: 'Columns of the merged file' });
      await section.getByText('No columns chosen').waitFor({ timeout: 20_000 });

      // The template picker lists the company's templates; applying one replaces the columns.
      await choose(page, 'Export columns template', template.body.name);
      await section.getByRole('button', { name: 'Apply template' }).click();
      await expect.poll(() => section.getByRole('combobox', { name: 'Column 2', exact: true }).innerText(), { timeout: 15_000 }).toBe('Last Name');

      // A carrier column added at the end, renamed and moved first; the baseline ones renamed and formatted.
      await section.getByRole('button', { name: 'Add column' }).click();
      await choose(page, 'File of column 3', 'Carrier');
      await choose(page, 'Column 3', 'Premium');
      await section.getByLabel('Export column 3 as').fill('Carrier Premium');
      await section.getByLabel('Export column 2 as').fill('Surname');
      await choose(page, 'Formatting of column 1', 'SSN with dashes');
      await section.getByRole('button', { name: 'Move column 3 up' }).click();
      await section.getByRole('button', { name: 'Move column 2 up' }).click();
      await section.getByRole('button', { name: 'Save export columns' }).click();
      await section.getByLabel('Merged file columns').filter({ hasText: 'Carrier Premium, SSN, Surname' }).waitFor({ timeout: 15_000 });
      if (process.env.DVP_SCREENSHOTS) await page.screenshot({ path: path.join(process.env.DVP_SCREENSHOTS, 'export-columns.png'), fullPage: true });

      const saved = (await api('GET', `${cmp.base}/export_columns`, { as: ADMIN })).body;
      expect(saved.items.map((c: Record<string, unknown>) => [c.index, c.file_type, c.baseline_column_name ?? c.secondary_column_name, c.renamed_column_name, c.formatting_rule])).toEqual([
        [0, 'SECONDARY', 'Premium', 'Carrier Premium', null],
        [1, 'BASELINE', 'SSN', null, 'SSN_WITH_DASHES'],
        [2, 'BASELINE', 'Last Name', 'Surname', null],
      ]);

      const wb = await download(page, 'Export merged file');
      const merged = wb.getWorksheet('Merged Data')!;
      expect(headersOf(merged)).toEqual(['Carrier Premium', 'SSN', 'Surname', 'Merge Status']);
      const ssns = column(merged, 'SSN').map((v) => String(v ?? ''));
      const filled = ssns.filter((v) => v);
      expect(filled.length).toBeGreaterThan(100);
      // Every nine-digit SSN is written with dashes, including those the baseline file has without.
      expect(filled.filter((v) => /^\d{9}$/.test(v.replace(/-/g, ''))).every((v) => /^\d{3}-\d{2}-\d{4}$/.test(v))).toBe(true);
      expect(ssns).toContain('517-40-9729');
      expect(column(merged, 'Surname')).toContain('Peterson');
      expect(column(merged, 'Carrier Premium').some((v) => typeof v === 'number' && v > 0)).toBe(true);
    } catch (error) {
      await page.screenshot({ path: '/tmp/export-columns-failure.png', fullPage: true }).catch(() => undefined);
      throw error;
    } finally {
      await context.close();
    }
  });

  it("offers the export columns on a compare-only audit's Complete step, and the discrepancies .xlsx names members by them", async () => {
    const { companyId } = await companyOf(ADMIN);
    const cmp = await finishedComparison(ADMIN, companyId, `Browser compare-only export ${Date.now()}`, 'COMPARE_ONLY');
    const template = await api('POST', `/api/companies/${companyId}/export_columns_templates`, {
      as: ADMIN,
      body: {
        name: `Browser member columns ${Date.now()}`,
        columns: [
          { baseline_column_name: 'Last Name', index: 0, renamed_column_name: 'Surname' },
          { baseline_column_name: 'SSN', index: 1, formatting_rule: 'SSN_WITH_DASHES' },
        ],
      },
    });
    expect(template.status).toBe(201);

    const context = await browser.newContext({ viewport: { width: 1500, height: 1100 }, acceptDownloads: true });
    const page = await context.newPage();
    try {
      await signInThroughUi(page, ADMIN);
      await page.goto(`${stackUrl()}/companies/${companyId}/comparisons/${cmp.id}?step=COMPLETE`);
      const section = page.getByRole('region', { name: 'Member columns of the export' });
      await section.getByText('No columns chosen').waitFor({ timeout: 20_000 });
      await expect.poll(() => page.getByRole('button', { name: 'Export merged file' }).count()).toBe(0);

      await choose(page, 'Export columns template', template.body.name);
      await section.getByRole('button', { name: 'Apply template' }).click();
      await section.getByLabel('Export member columns').filter({ hasText: 'Surname, SSN' }).waitFor({ timeout: 15_000 });

      const wb = await download(page, 'Export discrepancies');
      const sheet = wb.getWorksheet('Discrepancies')!;
      expect(headersOf(sheet).slice(0, 4)).toEqual(['Unique Identifier', 'Surname', 'SSN', 'Data Point']);
      const stored = await listAll(callAs(ADMIN), `${cmp.base}/data_point_discrepancies?skipverification=true`);
      expect(new Set(column(sheet, 'Surname'))).toEqual(new Set(stored.map((d) => d.last_name)));
      const ssns = column(sheet, 'SSN').map((v) => String(v ?? '')).filter(Boolean);
      expect(ssns.length).toBeGreaterThan(0);
      expect(ssns.every((v) => /^\d{3}-\d{2}-\d{4}$/.test(v))).toBe(true);
    } catch (error) {
      await page.screenshot({ path: '/tmp/compare-only-export-columns-failure.png', fullPage: true }).catch(() => undefined);
      throw error;
    } finally {
      await context.close();
    }
  });

  it('chooses a calculation on Select data points, shows its result in Verify discrepancies and finds it in the discrepancies .xlsx', async () => {
    const { companyId } = await companyOf(ADMIN);
    const call = callAs(ADMIN);
    const name = `Browser calculation ${Date.now()}`;
    const created = await call('POST', `/api/companies/${companyId}/comparisons`, { name, type: 'COMPARE_ONLY', audit_type: 'ENROLLMENT_AUDIT' });
    expect(created.status).toBe(201);
    const base = comparisonPath(companyId, created.body.id);
    await uploadFile(call, base, 'BASELINE', file('baseline.csv'));
    await uploadFile(call, base, 'SECONDARY', file('secondary.csv'));
    // No calculation anywhere: the page chooses the only one.
    const config = smallConfig();
    config.data_points = config.data_points.map(({ discrepancy_function: _fn, ...p }) => p);
    await configureDataPoints(call, companyId, base, config, name);

    const context = await browser.newContext({ viewport: { width: 1700, height: 1100 }, acceptDownloads: true });
    const page = await context.newPage();
    try {
      await signInThroughUi(page, ADMIN);
      await page.goto(`${stackUrl()}/companies/${companyId}/comparisons/${created.body.id}?step=SELECT_DATA_POINTS`);
      const premium = page.getByRole('combobox', { name: 'Calculation: Monthly Premium', exact: true });
      await premium.waitFor({ timeout: 20_000 });
      // Only amounts take a calculation.
      await expect(page.getByRole('combobox', { name: 'Calculation: First Name' }).count()).resolves.toBe(0);
      await premium.click();
      const labels = await page.getByRole('option').allInnerTexts();
      expect(labels).toEqual([
        'None',
        'MINUS: BASELINE - SECONDARY',
        'MINUS: SECONDARY - BASELINE',
        'ADD',
        'MULTIPLY',
        'DIVIDE: BASELINE / SECONDARY',
        'DIVIDE: SECONDARY / BASELINE',
      ]);
      await page.getByRole('option', { name: 'MINUS: SECONDARY - BASELINE' }).click();
      await page.getByRole('button', { name: 'Save and continue' }).click();
      const pointOf = async () => ((await call('GET', `${base}/data_points`)).body.items as Array<Record<string, string>>).find((p) => p.baseline_column_name === 'Monthly Premium')!;
      await expect.poll(async () => (await pointOf()).discrepancy_function, { timeout: 15_000 }).toBe('MINUS: SECONDARY - BASELINE');
      const point = await pointOf();

      expect((await call('POST', `${base}/run`)).status).toBe(202);
      expect((await waitForRun(call, base)).status).toBe('SUCCEEDED');
      const found = await listAll(call, `${base}/data_point_discrepancies?data_point_id=${point.id}`);
      expect(found.length).toBeGreaterThan(0);
      for (const d of found) {
        const expected = Math.round((Number(d.secondary_value) - Number(d.baseline_value)) * 100) / 100;
        if (d.baseline_value && d.secondary_value) expect(d.discrepancy_function_result, `${d.baseline_value} → ${d.secondary_value}`).toBeCloseTo(expected, 2);
      }
      const results = found.map((d) => d.discrepancy_function_result).filter((v): v is number => typeof v === 'number');
      expect(results.length).toBeGreaterThan(0);

      // The grid, filtered to the data point, has the result column with the API's values.
      await page.goto(`${stackUrl()}/companies/${companyId}/comparisons/${created.body.id}?step=VERIFY_DISCREPANCIES&tab=all&data_point_id=${point.id}`);
      const grid = page.getByRole('grid');
      await grid.getByRole('columnheader', { name: 'Calculation result' }).waitFor({ timeout: 20_000 });
      await grid.getByRole('row').nth(1).waitFor();
      if (process.env.DVP_SCREENSHOTS) await page.screenshot({ path: path.join(process.env.DVP_SCREENSHOTS, 'calculation-result.png'), fullPage: true });
      const colIndex = await grid.getByRole('columnheader', { name: 'Calculation result' }).getAttribute('aria-colindex');
      const shown = await grid.locator(`[role="gridcell"][aria-colindex="${colIndex}"]`).allInnerTexts();
      const fmt = (v: number) => v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      const nonEmpty = shown.filter(Boolean);
      expect(nonEmpty.length).toBeGreaterThan(0);
      for (const text of nonEmpty) expect(results.map(fmt)).toContain(text);

      // The discrepancies workbook written from the Complete step carries the same results.
      await page.goto(`${stackUrl()}/companies/${companyId}/comparisons/${created.body.id}?step=COMPLETE`);
      const wb = await download(page, 'Export discrepancies');
      const sheet = wb.getWorksheet('Discrepancies')!;
      const written = column(sheet, 'Calculation Result').filter((v): v is number => typeof v === 'number');
      expect(written.sort((a, b) => a - b)).toEqual([...results].sort((a, b) => a - b));
    } catch (error) {
      await page.screenshot({ path: '/tmp/calculation-failure.png', fullPage: true }).catch(() => undefined);
      throw error;
    } finally {
      await context.close();
    }
  });

  it('shows the 404 page for an unknown comparison and an unknown export template', async () => {
    const { companyId } = await companyOf(ADMIN);
    const { organizationId } = await companyOf(ORG_ADMIN);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await signInThroughUi(page, ADMIN);
      await page.goto(`${stackUrl()}/companies/${companyId}/comparisons/no-such-comparison`);
      await page.getByRole('heading', { name: '404' }).waitFor({ timeout: 20_000 });
      await expect(page.getByText('Page not found').isVisible()).resolves.toBe(true);

      const other = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const orgPage = await other.newPage();
      try {
        await signInThroughUi(orgPage, ORG_ADMIN);
        await orgPage.goto(`${stackUrl()}/organizations/${organizationId}/templates/export-templates/no-such-template`);
        await orgPage.getByRole('heading', { name: '404' }).waitFor({ timeout: 20_000 });
        await expect(orgPage.getByText('Page not found').isVisible()).resolves.toBe(true);
      } finally {
        await other.close();
      }
    } finally {
      await context.close();
    }
  });
});
