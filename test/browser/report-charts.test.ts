import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { stackUrl } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';

/**
 * The reports that show their figures both as a grid and as a chart put them in two tabs, the grid
 * first: the grid's tab never downloads the chart library, and the chart's tab holds a placeholder
 * of the chart's height until the chart's code arrives, so the panel keeps its height when the
 * chart is drawn. The chart's chunk is held back a moment so the placeholder is seen.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The chunks of the chart library and of the reports' charts. */
const CHART_CODE = /\/(ChartsWrapper|BarChart|LineChart|PlansByBenefitTypeChart|MonthStepBarChart|ReconciliationLineChart)-[^/]*\.js$/;

async function signedIn() {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  const crashes: string[] = [];
  page.on('pageerror', (error) => crashes.push(error.message));
  const chartRequests: string[] = [];
  page.on('request', (request) => {
    if (CHART_CODE.test(request.url())) chartRequests.push(request.url());
  });
  await signInThroughUi(page, 'admin@demo.example');
  return { context, page, crashes, chartRequests };
}

const placeholders = (page: Page) => page.getByRole('progressbar', { name: 'Loading the chart' }).count();

describe('report charts', () => {
  it.each([
    ['Carriers & Plans', '/admin/reports/carriers', 'By carrier', 'By benefit type', 'benefit-types', /PlansByBenefitTypeChart-[^/]*\.js$/],
    ['Renewals', '/admin/reports/renewals', 'List', 'Chart', 'chart', /MonthStepBarChart-[^/]*\.js$/],
  ])(
    '%s shows its grid first without the chart code, and the chart in its own tab in a panel that keeps its height',
    async (_title, path, gridTab, chartTab, chartView, chartChunk) => {
      const { context, page, crashes, chartRequests } = await signedIn();
      try {
        await page.route(chartChunk, async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1500));
          await route.continue();
        });
        await page.goto(`${stackUrl()}${path}`);
        await page.getByRole('tabpanel', { name: gridTab }).getByRole('grid').waitFor({ timeout: 20_000 });
        expect(await page.getByRole('tab', { name: gridTab }).getAttribute('aria-selected')).toBe('true');
        await page.waitForLoadState('networkidle');
        expect(chartRequests).toEqual([]);
        expect(await placeholders(page)).toBe(0);

        await page.getByRole('tab', { name: chartTab }).click();
        await page.waitForURL((url) => url.searchParams.get('view') === chartView);
        const panel = page.getByRole('tabpanel', { name: chartTab });
        await panel.getByRole('progressbar', { name: 'Loading the chart' }).waitFor({ timeout: 20_000 });
        expect(await page.getByRole('grid').count()).toBe(0);
        const before = (await panel.boundingBox())?.height;

        await panel.locator('.MuiChartsSurface-root').first().waitFor({ timeout: 20_000 });
        expect(await placeholders(page)).toBe(0);
        expect((await panel.boundingBox())?.height).toBe(before);
        expect(chartRequests.length).toBeGreaterThan(0);

        // The view is in the URL: a reload opens the chart's tab again.
        await page.reload();
        await expect.poll(() => page.getByRole('tab', { name: chartTab }).getAttribute('aria-selected'), { timeout: 20_000 }).toBe('true');
        await page.getByRole('tabpanel', { name: chartTab }).locator('.MuiChartsSurface-root').first().waitFor({ timeout: 20_000 });
        expect(crashes).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it("a bar of the renewals chart opens the List tab filtered to the bar's renewals", async () => {
    const { context, page, crashes } = await signedIn();
    try {
      await page.goto(`${stackUrl()}/admin/reports/renewals?view=chart`);
      // A stacked series draws a bar of height 0 where a month has none of its step: take a drawn one.
      const bar = page.getByRole('tabpanel', { name: 'Chart' }).locator('.MuiBarChart-element:not([height="0"])').first();
      await bar.waitFor({ timeout: 20_000 });
      await bar.click();
      await page.waitForURL((url) => url.searchParams.has('step') && url.searchParams.has('month') && url.searchParams.has('year') && !url.searchParams.has('view'));
      await expect.poll(() => page.getByRole('tab', { name: 'List' }).getAttribute('aria-selected')).toBe('true');
      // The list holds the bar's renewals: one step, one renewal month.
      const list = page.getByRole('tabpanel', { name: 'List' }).getByRole('grid');
      await list.locator('[role="gridcell"][data-field="step"]').first().waitFor({ timeout: 20_000 });
      const column = async (field: string) => new Set(await list.locator(`[role="gridcell"][data-field="${field}"]`).allInnerTexts());
      await expect.poll(async () => (await column('step')).size).toBe(1);
      await expect.poll(async () => (await column('period')).size).toBe(1);
      expect(crashes).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
