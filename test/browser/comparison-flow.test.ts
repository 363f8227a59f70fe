import { readFile } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, endpoints, stackUrl } from '../support/api';
import { focusIsInGrid, launchBrowser, signInThroughUi, tabIntoGrid, waitForFocus } from '../support/browser';
import { configureDataPoints, listAll } from '../../infra/local/api-flow';
import { callAs, smallConfig } from '../support/comparison-fixture';

/**
 * The whole comparison flow in chromium: a company admin creates
 * a Compare & Merge comparison, uploads the generated small pair, accepts the data points, goes
 * through Map data (the identifier pair and value mappings of the generated pair come from its
 * config, saved through the API), runs the compare, resolves three discrepancies (one by keyboard only), includes
 * a carrier-only row, completes (with the override the open rows need) and exports both workbooks;
 * the test opens the downloaded .xlsx files and checks the values it resolved.
 */
const ADMIN = 'company-admin@demo.example';
const fixture = (name: string) => path.resolve(import.meta.dirname, '../fixtures/small', name);
const TYPED = 'Typed in the browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function download(page: Page, button: string): Promise<ExcelJS.Workbook> {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('button', { name: button }).click()]);
  const bytes = await readFile((await file.path())!);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb;
}

function column(ws: ExcelJS.Worksheet, header: string): unknown[] {
  const headers = (ws.getRow(1).values as unknown[]).map((v) => (v === undefined || v === null ? '' : String(v)));
  const at = headers.indexOf(header);
  if (at < 1) throw new Error(`no column ${header} in ${ws.name}`);
  const out: unknown[] = [];
  for (let r = 2; r <= ws.actualRowCount; r++) out.push(ws.getRow(r).getCell(at).value);
  return out;
}

/** A cell and an API value compare equal as numbers when both are numbers, else as text. */
const same = (cell: unknown, value: string) => {
  const n = Number(value);
  return value.trim() !== '' && Number.isFinite(n) && typeof cell === 'number' ? Math.abs(cell - n) < 0.005 : String(cell ?? '') === value;
};

const counter = (page: Page, testId: string, text: RegExp | string) => page.getByTestId(testId).filter({ hasText: text }).waitFor({ timeout: 20_000 });

describe('a comparison from creation to export', () => {
  it('creates, uploads, maps, compares, resolves three discrepancies (one by keyboard), includes a missing row, completes and exports', async () => {
    const me = (await api('GET', '/api/me', { as: ADMIN })).body;
    const companyId = me.company_id as string;
    const name = `Browser flow ${Date.now()}`;
    const context = await browser.newContext({ viewport: { width: 1600, height: 1100 }, acceptDownloads: true });
    const page = await context.newPage();
    try {
      await signInThroughUi(page, ADMIN);

      // Create (Compare & Merge) and upload the generated pair.
      await page.goto(`${stackUrl()}/companies/${companyId}/comparisons`);
      await page.getByRole('button', { name: 'New comparison' }).click();
      const create = page.getByRole('dialog', { name: 'New comparison' });
      await create.getByLabel('Name').fill(name);
      await create.getByRole('combobox', { name: 'Mode' }).click();
      await page.getByRole('option', { name: 'Compare & Merge' }).click();
      await create.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL(/\/comparisons\/[^/?]+$/, { timeout: 15_000 });
      const comparisonId = new URL(page.url()).pathname.split('/').pop()!;
      const base = `/api/companies/${companyId}/comparisons/${comparisonId}`;
      await page.getByTestId('baseline-file-input').setInputFiles(fixture('baseline.csv'));
      await page.getByTestId('baseline-summary').getByText(/200 rows/).waitFor({ timeout: 30_000 });
      await page.getByTestId('secondary-file-input').setInputFiles(fixture('secondary.csv'));
      await page.getByTestId('secondary-summary').getByText(/201 rows/).waitFor({ timeout: 30_000 });

      // Data points: the suggestions; Map data: the pre-filled values; Compare.
      await page.getByRole('button', { name: 'Next: Select data points' }).click();
      await page.getByRole('table', { name: 'Data points' }).waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Save and continue' }).click();
      const onward = page.getByRole('button', { name: 'Continue to Map data' });
      const mapIntro = page.getByText(/Map the carrier’s values onto the baseline’s/);
      await onward.or(mapIntro).first().waitFor({ timeout: 30_000 });
      if (await onward.isVisible()) await onward.click();
      await mapIntro.waitFor({ timeout: 15_000 });
      // The suggestions pair columns by name; the generated pair also needs Benefit Type ↔ Line of
      // Coverage in the identifier and its coded values mapped (MED → MEDICAL …), which the fixture's
      // config gives: saved through the API, then Map data is shown again with those mappings.
      await configureDataPoints(callAs(ADMIN), companyId, base, smallConfig(), name);
      await page.reload();
      await mapIntro.waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Next: Compare' }).click();
      await page.getByRole('button', { name: 'Run the comparison' }).click();
      await page.getByRole('status').filter({ hasText: 'Comparison finished' }).waitFor({ timeout: 90_000 });

      // On from the reports to verification, as a user goes.
      const call = callAs(ADMIN);
      await page.getByRole('status').getByText('View reports', { exact: false }).or(page.getByRole('link', { name: 'View reports' })).or(page.getByRole('button', { name: 'View reports' })).first().click();
      const total = (await api('GET', `${base}/report`, { as: ADMIN })).body.cards.discrepancies as number;
      expect(total).toBeGreaterThanOrEqual(3);
      await page.getByRole('button', { name: 'Verify discrepancies' }).click();
      await counter(page, 'resolved-counter', `0 of ${total} discrepancies resolved`);
      const grid = page.getByRole('grid');
      const dialog = page.getByRole('dialog');

      // 1. Mouse: a typed value.
      await grid.getByRole('row').nth(1).getByRole('gridcell').nth(2).dblclick();
      await dialog.getByLabel('Discrepancy type').click();
      await page.getByRole('option', { name: 'Other' }).click();
      await dialog.getByLabel('Typed value').check();
      await dialog.getByLabel('Value', { exact: true }).fill(TYPED);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await counter(page, 'resolved-counter', `1 of ${total} discrepancies resolved`);
      await dialog.waitFor({ state: 'detached' });

      // 2. Mouse: the carrier's value.
      await grid.getByRole('row').nth(2).getByRole('gridcell').nth(2).dblclick();
      await dialog.getByLabel('Discrepancy type').click();
      await page.getByRole('option', { name: 'Confirmed' }).click();
      await dialog.getByLabel('Carrier value').check();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await counter(page, 'resolved-counter', `2 of ${total} discrepancies resolved`);
      await dialog.waitFor({ state: 'detached' });

      // 3. Keyboard only: into the grid, arrows to an unresolved row, Enter, type, Enter, Enter.
      // The save above moves focus down the grid once its refresh lands; the Tab walk starts after.
      await expect.poll(() => focusIsInGrid(page), { timeout: 10_000 }).toBe(true);
      await tabIntoGrid(page, page.getByRole('combobox', { name: 'Data point' }));
      for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      await waitForFocus(dialog.getByLabel('Discrepancy type'));
      await page.keyboard.type('Rounding');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await counter(page, 'resolved-counter', `3 of ${total} discrepancies resolved`);

      // Verify missing data: include the carrier-only row.
      await page.getByRole('button', { name: 'Next: Verify missing data' }).click();
      await counter(page, 'missing-counter', /0 of \d+ missing rows decided/);
      const carrierOnly = page.getByRole('region', { name: /Only at carrier/ });
      await carrierOnly.getByRole('button', { name: /^Decide/ }).first().click();
      await dialog.getByLabel('Include').check();
      await dialog.getByRole('button', { name: 'Save decision' }).click();
      await counter(page, 'missing-counter', /^1 of \d+ missing rows decided/);

      // Complete step: the checklist shows what is open; the company admin completes with an override.
      await page.goto(`${stackUrl()}/companies/${companyId}/comparisons/${comparisonId}?step=COMPLETE`);
      const checklist = page.getByRole('list', { name: 'Completion checklist' });
      await checklist.getByText(`3 of ${total} resolved`).waitFor({ timeout: 15_000 });
      await expect(page.getByRole('list', { name: 'Blockers' }).getByText(/not resolved/).isVisible()).resolves.toBe(true);
      await page.getByLabel(/Complete with the open items/).check();
      await page.getByLabel('Reason for the override').fill('The rest is checked with the carrier by phone.');
      await page.getByRole('button', { name: 'Complete the comparison' }).click();
      await page.getByRole('status').filter({ hasText: /This comparison is complete.*override/ }).waitFor({ timeout: 20_000 });
      const done = (await call('GET', base)).body;
      expect([done.step, done.completion_override, done.completed_by_user_id]).toEqual(['COMPLETE', true, me.id]);
      const companyName = (await api('GET', `/api/companies/${companyId}`, { as: ADMIN })).body.name;
      const mails = ((await (await fetch(`${endpoints().ses}/store`)).json()) as { emails: Array<{ subject?: string }> }).emails;
      const completeMail = mails.find((m) => m.subject === `The comparison "${name}" for ${companyName} is complete`);
      expect(completeMail).toBeTruthy();

      // Exports: the workbooks downloaded by the page, opened and checked against what was resolved.
      const resolved = await listAll(call, `${base}/data_point_discrepancies?resolved=true&skipverification=true`);
      expect(resolved).toHaveLength(3);
      const wb = await download(page, 'Export discrepancies');
      expect(wb.worksheets[0]!.name).toBe('Summary');
      const detail = wb.getWorksheet('Discrepancies')!;
      expect(detail.actualRowCount - 1).toBe(total);
      const status = column(detail, 'Status');
      const values = column(detail, 'Resolved Value');
      const types = column(detail, 'Discrepancy Type');
      const resolvedRows = status.map((s, i) => (s === 'Resolved' ? i : -1)).filter((i) => i >= 0);
      expect(resolvedRows).toHaveLength(3);
      expect(resolvedRows.map((i) => String(types[i])).sort()).toEqual(['Confirmed', 'Other', 'Rounding']);
      expect(values).toContain(TYPED);
      for (const d of resolved.filter((r) => !/\*/.test(String(r.resolved_value ?? '')))) {
        expect(resolvedRows.some((i) => same(values[i], String(d.resolved_value ?? ''))), `resolved value of ${d.id}`).toBe(true);
      }
      const missingSheet = wb.getWorksheet('Missing Data')!;
      expect(column(missingSheet, 'Decision').filter((v) => v === 'Included')).toHaveLength(1);

      const merged = await download(page, 'Export merged file');
      expect(merged.worksheets[0]!.name).toBe('Summary');
      const mergedRows = merged.getWorksheet('Merged Data')!;
      const mergeStatus = column(mergedRows, 'Merge Status').map((v) => String(v ?? ''));
      expect(mergedRows.actualRowCount - 1).toBe(200 + 1);
      expect(mergeStatus.filter((v) => v === '[merge] added from carrier file')).toHaveLength(1);
    } catch (error) {
      await page.screenshot({ path: '/tmp/comparison-flow-failure.png', fullPage: true }).catch(() => undefined);
      throw error;
    } finally {
      await context.close();
    }
  });
});
