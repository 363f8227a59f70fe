import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { stackUrl } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';

/**
 * The API reference as a signed-in user finds it: from the profile page, every area of the API
 * listed from GET /api/openapi.json, an endpoint found by typing part of its path, and its answer
 * described once opened.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('the API reference page', () => {
  it('is reached from the profile, lists the API by area, finds an endpoint and shows its answer', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    await signInThroughUi(page, 'company-user@demo.example');
    await page.goto(`${stackUrl()}/profile`);
    await page.getByRole('link', { name: 'the API reference' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'API reference', level: 1 }).count()).toBe(1);
    await expect.poll(() => page.getByRole('heading', { name: /^companies/, level: 2 }).count()).toBe(1);

    await page.getByLabel('Find an endpoint').fill('invoice_summary');
    const operation = page.getByRole('button', { name: 'GET /api/companies/{company_id}/comparisons/{comparison_id}/invoice_summary' });
    await expect.poll(() => operation.count()).toBe(1);
    await operation.click();
    const details = page.locator('pre').first();
    await expect.poll(async () => (await details.textContent()) ?? '').toContain('days_to_claim');

    await page.getByLabel('Find an endpoint').fill('no such endpoint');
    await expect.poll(() => page.getByText('No endpoint matches').count()).toBe(1);
    await context.close();
  });
});
