import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { CompareConfig } from '../../shared/compare';
import { api, stackUrl } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';
import { comparisonPath, configureDataPoints, createComparison, uploadFile, type Call } from '../../infra/local/api-flow';

/**
 * The Compare and View reports steps in chromium: a comparison of the small generated pair set up
 * through the API, then run from the page, followed to its report, and a card opened.
 */
const USER = 'company-admin@demo.example';
const dir = path.resolve(import.meta.dirname, '../fixtures/small');
const file = (name: string) => ({ name, bytes: readFileSync(path.join(dir, name)), contentType: 'text/csv' });
const config = JSON.parse(readFileSync(path.join(dir, 'config.json'), 'utf8')) as CompareConfig;
const call: Call = (method, p, body) => api(method, p, { as: USER, body });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('Compare and View reports steps', () => {
  it('runs the comparison from the page, announces completion, opens the history, and a filtered list from a report card', async () => {
    const companyId = (await api('GET', '/api/me', { as: USER })).body.company_id as string;
    const comparison = await createComparison(call, companyId, 'Browser compare');
    const base = comparisonPath(companyId, comparison.id);
    await uploadFile(call, base, 'BASELINE', file('baseline.csv'));
    await uploadFile(call, base, 'SECONDARY', file('secondary.csv'));
    await configureDataPoints(call, companyId, base, config, 'Browser compare');
    // Map data's Next would move it on; the page shows only steps reached.
    const current = (await call('GET', base)).body;
    if (current.step !== 'COMPARE') {
      const moved = await call('PATCH', base, { step: 'COMPARE', updated_at: current.updated_at });
      expect(moved.status).toBe(200);
    }
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    try {
      await signInThroughUi(page, USER);
      await page.goto(`${stackUrl()}/companies/${companyId}/comparisons/${comparison.id}?step=COMPARE`);

      await page.getByRole('button', { name: 'Run the comparison' }).click();
      await page.getByRole('status').filter({ hasText: 'Comparison finished' }).waitFor({ timeout: 60_000 });
      await page.getByRole('link', { name: 'View reports' }).click();
      const card = page.getByRole('link', { name: /^Only at carrier \d/ });
      await card.waitFor({ timeout: 15_000 });
      if (process.env.DVP_SCREENSHOTS) await page.screenshot({ path: path.join(process.env.DVP_SCREENSHOTS, 'view-reports.png'), fullPage: true });

      await expect(page.getByRole('heading', { name: 'Discrepancies by data point' }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('heading', { name: 'Findings by kind' }).isVisible()).resolves.toBe(true);
      await expect(card.innerText()).resolves.toMatch(/only at carrier\s+1/i);
      // The history's grid is downloaded when the panel is opened.
      await page.getByRole('button', { name: 'History' }).click();
      await page.getByRole('region', { name: 'Comparison history' }).getByRole('grid').waitFor({ timeout: 15_000 });
      await card.click();
      await page.waitForURL((url) => url.searchParams.get('kind') === 'MISSING_IN_BASELINE', { timeout: 15_000 });
    } finally {
      await context.close();
    }
  });
});
