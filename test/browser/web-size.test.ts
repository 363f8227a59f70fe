import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_PASSWORD } from '../../infra/local/demo-data';
import { webDist } from '../../infra/local/web-build';
import { FIRST_LOAD_GOAL_GZIP, PAGE_GOAL_GZIP, measureWebDist, sum } from '../../scripts/web-size';
import { stackUrl } from '../support/api';
import { launchBrowser } from '../support/browser';

/**
 * What the built app makes a browser download: the sign-in page fetches the first-load set of
 * `npm run size` and nothing more, within its goal, and a page's code only comes once it is opened.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('the web app download', () => {
  it('keeps the first load and every page within their goals', () => {
    const report = measureWebDist(webDist);
    expect(sum(report.firstLoadJs, 'gzip')).toBeLessThanOrEqual(FIRST_LOAD_GOAL_GZIP);
    expect(report.parts.length).toBeGreaterThan(20);
    for (const part of report.parts) expect.soft(sum(part.own, 'gzip'), part.src).toBeLessThanOrEqual(PAGE_GOAL_GZIP);
  });

  it('fetches only the first-load scripts for the sign-in page, and a page’s code once signed in', async () => {
    const report = measureWebDist(webDist);
    const context = await browser.newContext();
    const page = await context.newPage();
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') fetched.push(new URL(request.url()).pathname.replace(/^\//, ''));
    });
    try {
      await page.goto(stackUrl());
      await page.getByLabel('Username or email address').waitFor();
      expect([...fetched].sort()).toEqual(report.firstLoadJs.map((a) => a.file).sort());

      await page.getByLabel('Username or email address').fill('company-user@demo.example');
      await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('button', { name: 'Logout' }).waitFor({ timeout: 30_000 });
      const signedIn = fetched.slice(report.firstLoadJs.length);
      const shell = report.parts.find((p) => p.src === 'src/routes/SignedInApp.tsx');
      expect(shell).toBeDefined();
      for (const chunk of shell!.own) expect(signedIn).toContain(chunk.file);
    } finally {
      await context.close();
    }
  });
});
