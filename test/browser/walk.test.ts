import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { isNavGroup, navigationFor, type NavItem } from '../../shared/permissions/navigation';
import { landingPath } from '../../shared/permissions/landing';
import { demoUsers } from '../../infra/local/demo-data';
import { api, stackUrl } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The body of web/src/pages/placeholder/PlaceholderPage.tsx. */
const PLACEHOLDER_TEXT = 'This page is not available yet';

function links(items: readonly NavItem[]): { label: string; path: string }[] {
  return items.flatMap((item) => (isNavGroup(item) ? links(item.children) : [{ label: item.label, path: item.path }]));
}

/** The page's main heading once it has settled: the page title, or 404/500 from the guard. */
async function settledHeading(page: Page): Promise<string> {
  const heading = page.locator('main h1').first();
  await heading.waitFor({ timeout: 20_000 });
  await page.waitForLoadState('networkidle').catch(() => {});
  return (await heading.textContent())?.trim() ?? '';
}

describe('walking the pages as each demo role', () => {
  it.each(demoUsers.map((u) => [u.email]))('%s opens every link of its navigation without a 404, a 500 or a placeholder', async (email) => {
    const me = (await api('GET', '/api/me', { as: email })).body;
    const landing = landingPath(me);
    const context = {
      organization_id: landing.startsWith('/organizations/') ? me.organization_id : undefined,
      company_id: landing.startsWith('/companies/') ? me.company_id : undefined,
    };
    const targets = links(navigationFor(me, context).items);
    const browserContext = await browser.newContext();
    const page = await browserContext.newPage();
    const crashes: string[] = [];
    page.on('pageerror', (error) => crashes.push(error.message));
    try {
      await signInThroughUi(page, email);
      for (const target of targets) {
        await page.goto(`${stackUrl()}${target.path}`);
        const heading = await settledHeading(page);
        expect.soft(heading, `${target.label} (${target.path})`).not.toMatch(/^(404|500)$/);
        // A page whose screen is missing still resolves and shows its title, so only its body tells.
        expect.soft(await page.getByText(PLACEHOLDER_TEXT).count(), `${target.label} (${target.path}) is a placeholder`).toBe(0);
      }
      expect(crashes).toEqual([]);
    } finally {
      await browserContext.close();
    }
  });

  it('shows the 404 page to an organization admin opening another organization', async () => {
    const organizations = (await api('GET', '/api/admin/organizations', { as: 'admin@demo.example' })).body.items as { id: string; name: string }[];
    const other = organizations.find((o) => o.name === 'Prairie Brokerage Partners')!;
    const browserContext = await browser.newContext();
    const page = await browserContext.newPage();
    try {
      await signInThroughUi(page, 'org-admin@demo.example');
      await page.goto(`${stackUrl()}/organizations/${other.id}/companies`);
      expect(await settledHeading(page)).toBe('404');
    } finally {
      await browserContext.close();
    }
  });

  it('shows the 404 page to a non-admin opening an admin page', async () => {
    const browserContext = await browser.newContext();
    const page = await browserContext.newPage();
    try {
      await signInThroughUi(page, 'company-admin@demo.example');
      await page.goto(`${stackUrl()}/admin/users`);
      expect(await settledHeading(page)).toBe('404');
    } finally {
      await browserContext.close();
    }
  });
});
