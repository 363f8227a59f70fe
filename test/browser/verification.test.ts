import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, stackUrl } from '../support/api';
import { focusIsInGrid, launchBrowser, signInThroughUi, tabIntoGrid, waitForFocus } from '../support/browser';
import { companyOf, finishedComparison } from '../support/comparison-fixture';

/**
 * The verify steps in chromium: a finished comparison of the small pair (set up through the API),
 * one discrepancy resolved with the mouse and one with the keyboard only, the counter moving, then a
 * carrier-only row included on Verify missing data, then every undecided row excluded at once.
 */
const USER = 'company-admin@demo.example';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const counter = (page: Page, text: string) => page.getByTestId('resolved-counter').filter({ hasText: text }).waitFor({ timeout: 15_000 });

describe('Verify discrepancies and Verify missing data', () => {
  it('resolves by mouse and by keyboard, the counter moves, a missing row is included and the rest excluded in bulk', async () => {
    const { companyId } = await companyOf(USER);
    const cmp = await finishedComparison(USER, companyId, 'Browser verification');
    const total = (await api('GET', `${cmp.base}/report`, { as: USER })).body.cards.discrepancies as number;

    const context = await browser.newContext({ viewport: { width: 1600, height: 1100 } });
    const page = await context.newPage();
    try {
      await signInThroughUi(page, USER);
      // From the reports, the way a user goes on: the comparison moves to Verify Discrepancies.
      await page.goto(`${stackUrl()}/companies/${companyId}/comparisons/${cmp.id}`);
      await page.getByRole('button', { name: 'Verify discrepancies' }).click();
      await expect.poll(async () => (await api('GET', cmp.base, { as: USER })).body.step, { timeout: 15_000 }).toBe('VERIFY_DISCREPANCIES');
      await counter(page, `0 of ${total} discrepancies resolved`);
      await page.getByRole('row').nth(1).waitFor();

      // Mouse: double-click the first row, pick the type, save.
      await page.getByRole('grid').getByRole('row').nth(1).getByRole('gridcell').nth(2).dblclick();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Discrepancy type').click();
      await page.getByRole('option', { name: 'Confirmed' }).click();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await counter(page, `1 of ${total} discrepancies resolved`);
      await dialog.waitFor({ state: 'detached' });

      // Keyboard only: Tab from the data point filter into the grid, arrows to a row, Enter, type, Enter, Enter.
      // The save above moves focus down the grid once its refresh lands; the Tab walk starts after.
      await expect.poll(() => focusIsInGrid(page), { timeout: 10_000 }).toBe(true);
      await tabIntoGrid(page, page.getByRole('combobox', { name: 'Data point' }));
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      await waitForFocus(dialog.getByLabel('Discrepancy type'));
      await page.keyboard.type('Rounding');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await counter(page, `2 of ${total} discrepancies resolved`);

      // On to Verify missing data, include the carrier-only row.
      await page.getByRole('button', { name: 'Next: Verify missing data' }).click();
      await page.getByTestId('missing-counter').filter({ hasText: /0 of \d+ missing rows decided/ }).waitFor({ timeout: 15_000 });
      const carrierOnly = page.getByRole('region', { name: /Only at carrier/ });
      await carrierOnly.getByRole('button', { name: /^Decide/ }).first().click();
      await dialog.getByLabel('Include').check();
      await dialog.getByRole('button', { name: 'Save decision' }).click();
      await page.getByTestId('missing-counter').filter({ hasText: /^1 of \d+ missing rows decided/ }).waitFor({ timeout: 15_000 });
      await expect(carrierOnly.getByText('Included').isVisible()).resolves.toBe(true);

      const missing = (await api('GET', `${cmp.base}/missing_discrepancies?kind=MISSING_IN_BASELINE`, { as: USER })).body.items;
      expect(missing[0].resolved_inclusion).toBe(true);

      // The rest at once: show the undecided rows, choose all that match, exclude them together.
      const all = (await api('GET', `${cmp.base}/missing_discrepancies`, { as: USER })).body.items as Array<{ id: string; resolved_inclusion?: boolean | null }>;
      const undecided = all.length - 1;
      expect(undecided).toBeGreaterThan(0);
      await page.getByLabel('Decision', { exact: true }).click();
      await page.getByRole('option', { name: 'Undecided' }).click();
      await page.getByRole('button', { name: `Select all ${undecided} matching` }).click();
      await page.getByRole('button', { name: `Decide ${undecided} selected` }).click();
      await dialog.getByLabel('Exclude').check();
      await dialog.getByRole('button', { name: `Decide ${undecided}` }).click();
      await page.getByTestId('bulk-outcome').filter({ hasText: `${undecided} missing row${undecided === 1 ? '' : 's'} decided.` }).waitFor({ timeout: 15_000 });
      await page.getByTestId('missing-counter').filter({ hasText: `${all.length} of ${all.length} missing rows decided` }).waitFor({ timeout: 15_000 });
      // The grid is read again: no undecided row is left under the filter, and every row shows its decision.
      await page.getByText('No row of this group matches the filter.').first().waitFor();
      await page.getByLabel('Decision', { exact: true }).click();
      await page.getByRole('option', { name: 'Any' }).click();
      await expect.poll(() => page.getByText('Excluded', { exact: true }).count(), { timeout: 10_000 }).toBe(undecided);
      const after = (await api('GET', `${cmp.base}/missing_discrepancies`, { as: USER })).body.items as typeof all;
      expect(after.filter((m) => m.resolved_inclusion === false)).toHaveLength(undecided);
    } finally {
      if (process.env.DVP_SCREENSHOTS) await page.screenshot({ path: `${process.env.DVP_SCREENSHOTS}/verification.png`, fullPage: true });
      await context.close();
    }
  });
});
