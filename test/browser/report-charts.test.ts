import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { stackUrl } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';

/**
 * The reports that show a chart above a grid load the chart's code after the page: the grid shows
 * first, under a placeholder of the chart's height, and stays where it is when the chart arrives.
 * The chart's chunk is held back a moment so the placeholder is seen.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('report charts', () => {
  it.each([
    ['Carriers & Plans', '/admin/reports/carriers', /PlansByBenefitTypeChart-[^/]*\.js$/],
    ['Renewals', '/admin/reports/renewals', /MonthStepBarChart-[^/]*\.js$/],
  ])('%s shows its grid before its chart, and the grid does not move when the chart comes', async (_title, path, chartChunk) => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    const crashes: string[] = [];
    page.on('pageerror', (error) => crashes.push(error.message));
    try {
      await signInThroughUi(page, 'admin@demo.example');
      await page.route(chartChunk, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      await page.goto(`${stackUrl()}${path}`);
      const grid = page.getByRole('grid').first();
      await grid.waitFor({ timeout: 20_000 });
      await expect(page.getByRole('progressbar', { name: 'Loading the chart' }).count()).resolves.toBe(1);
      const before = (await grid.boundingBox())?.y;

      await page.locator('.MuiChartsSurface-root').first().waitFor({ timeout: 20_000 });
      await expect(page.getByRole('progressbar', { name: 'Loading the chart' }).count()).resolves.toBe(0);
      expect((await grid.boundingBox())?.y).toBe(before);
      expect(crashes).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
