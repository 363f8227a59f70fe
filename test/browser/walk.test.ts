import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { isNavGroup, navigationFor, type NavItem } from '../../shared/permissions/navigation';
import { landingPath } from '../../shared/permissions/landing';
import { matchPage } from '../../shared/permissions/pages';
import { canViewPage } from '../../shared/permissions/pages-access';
import type { UserLike } from '../../shared/roles';
import { tenantCheckPath } from '../../web/src/routes/access';
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

/** What went wrong on one page: its 404/500, a placeholder, a crash, or a GET the API refused while it opened. */
interface Problem {
  path: string;
  from: string;
  what: string;
}

/** The visit key: one page per screen, tenant and query, so a list of fifty companies costs one visit, not fifty. */
function visitKey(path: string): string {
  const url = new URL(path, 'http://x');
  const match = matchPage(url.pathname);
  if (!match) return path;
  const tenant = ['agency_id', 'organization_id', 'company_id'].map((k) => match.params[k] ?? '').join('/');
  return `${match.page.id} ${tenant} ${url.search}`;
}

/** The screen a path shows, whatever its tenant: a second-level link to a screen already opened is checked, not opened. */
function screenKey(path: string): string {
  const url = new URL(path, 'http://x');
  const match = matchPage(url.pathname);
  return match ? `${match.page.id} ${url.search}` : path;
}

/**
 * Why the app's page guard (web/src/routes/access.ts) would show this user the 404 page at `path`,
 * or null when it opens the page: a route of the page table, a page of the user's role, and a
 * tenant in the user's scope, asked of the API as the guard asks it when the role alone cannot tell.
 */
async function guardRefusal(me: UserLike, email: string, path: string): Promise<string | null> {
  const match = matchPage(new URL(path, 'http://x').pathname);
  if (!match) return 'shows 404: no page of the route table';
  if (canViewPage(me, match.page.id, match.params)) return null;
  const tenant = tenantCheckPath(me, match.page.id, match.params);
  if (!tenant) return `shows 404: ${match.page.id} is not open to this user`;
  const answer = await api('GET', tenant, { as: email });
  return answer.status === 200 ? null : `shows 404: GET ${tenant}, the guard's tenant check, answered ${answer.status}`;
}

/** The in-app paths the page links to: anchors and link, menu item and tab roles (downloads and other sites aside). */
async function linksOn(page: Page): Promise<string[]> {
  const origin = new URL(stackUrl()).origin;
  const hrefs = await page
    .locator('a[href], [role="link"][href], [role="menuitem"][href], [role="tab"][href]')
    .evaluateAll((els) => els.filter((e) => !e.hasAttribute('download')).map((e) => (e as HTMLAnchorElement).href));
  const paths = hrefs
    .map((href) => new URL(href))
    .filter((url) => url.origin === origin && !url.pathname.startsWith('/api/'))
    .map((url) => `${url.pathname}${url.search}`);
  return [...new Set(paths)];
}

/** A user's walk: one browser context, every GET the API answers with 4xx/5xx noted against the page being opened. */
async function walker() {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: Problem[] = [];
  let opening = { path: '(sign-in)', from: '' };
  page.on('pageerror', (error) => problems.push({ ...opening, what: `crash: ${error.message}` }));
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.request().method() === 'GET' && url.pathname.startsWith('/api/') && response.status() >= 400) {
      problems.push({ ...opening, what: `GET ${url.pathname}${url.search} answered ${response.status()}` });
    }
  });
  /** The page as it settles: its heading must not be the 404 or 500 page, nor its body a placeholder. */
  const check = async (path: string, from: string) => {
    const heading = await settledHeading(page);
    if (/^(404|500)$/.test(heading) || (await page.getByText('Page not found').count()) > 0) problems.push({ path, from, what: `shows ${heading}` });
    if ((await page.getByText(PLACEHOLDER_TEXT).count()) > 0) problems.push({ path, from, what: 'is a placeholder' });
  };
  // Requests in flight, so a page opened inside the app counts as settled once the network is still.
  let inFlight = 0;
  page.on('request', () => inFlight++);
  page.on('requestfinished', () => inFlight--);
  page.on('requestfailed', () => inFlight--);
  const networkStill = async () => {
    for (let quiet = 0; quiet < 3; ) {
      await page.waitForTimeout(100);
      quiet = inFlight <= 0 && (await page.locator('[role="progressbar"]').count()) === 0 ? quiet + 1 : 0;
    }
  };
  /** Opens `path` inside the running app, as its own links do (a reload per page would cost the app's start each time). */
  const open = async (path: string, from: string) => {
    opening = { path, from };
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await networkStill();
    await check(path, from);
  };
  /** Each tab of the page's view tabs, chosen in turn (they change the view, not the page). */
  const chooseTabs = async (path: string) => {
    const tabs = page.locator('main [role="tab"]:not([href])');
    for (let i = 0; i < (await tabs.count()); i++) {
      const tab = tabs.nth(i);
      if ((await tab.getAttribute('aria-selected')) === 'true') continue;
      const label = (await tab.innerText()).trim();
      opening = { path: `${path} › tab ${label}`, from: path };
      await tab.click();
      await networkStill();
      await check(opening.path, path);
    }
  };
  /** The tenant switch of the navigation: each of its menu items, opened from `path`. */
  const chooseTenants = async (path: string) => {
    const switcher = page.getByRole('button', { name: /^Switch / });
    if ((await switcher.count()) === 0) return;
    await switcher.click();
    const names = await page.getByRole('menuitem').allInnerTexts();
    await page.keyboard.press('Escape');
    for (const name of names) {
      await open(path, path);
      await page.getByRole('button', { name: /^Switch / }).click();
      opening = { path: `${path} › switch to ${name}`, from: path };
      await page.getByRole('menuitem', { name, exact: true }).click();
      await networkStill();
      await check(opening.path, path);
    }
  };
  return { context, page, problems, open, chooseTabs, chooseTenants };
}

describe('walking the pages as each demo role', () => {
  it.each(demoUsers.map((u) => [u.email]))(
    '%s follows every link of its navigation, its landing page and the pages those lead to, one level deeper, without a 404, a 500, a placeholder or a refused read (links one level deeper to a screen already opened are checked against the page guard instead)',
    async (email) => {
      const me = (await api('GET', '/api/me', { as: email })).body;
      const landing = landingPath(me);
      const navContext = {
        organization_id: landing.startsWith('/organizations/') ? me.organization_id : undefined,
        company_id: landing.startsWith('/companies/') ? me.company_id : undefined,
      };
      const walk = await walker();
      try {
        await signInThroughUi(walk.page, email);
        const seen = new Set<string>([visitKey(landing)]);
        const screens = new Set<string>([screenKey(landing)]);
        let checked = 0;
        await walk.page.waitForURL((url) => url.pathname === landing.split('?')[0], { timeout: 20_000 });
        await walk.open(landing, '(landing)');
        await walk.chooseTabs(landing);
        const firstLevel = [...links(navigationFor(me, navContext).items).map((l) => l.path), ...(await linksOn(walk.page))];
        await walk.chooseTenants(landing);
        const secondLevel: { path: string; from: string }[] = [];
        for (const path of firstLevel) {
          if (seen.has(visitKey(path))) continue;
          seen.add(visitKey(path));
          screens.add(screenKey(path));
          await walk.open(path, landing);
          await walk.chooseTabs(path);
          for (const next of await linksOn(walk.page)) secondLevel.push({ path: next, from: path });
        }
        for (const { path, from } of secondLevel) {
          if (seen.has(visitKey(path))) continue;
          seen.add(visitKey(path));
          if (screens.has(screenKey(path))) {
            // The same screen in another tenant or of another record, opened once already: this link needs the guard to let the user in.
            const refusal = await guardRefusal(me, email, path);
            if (refusal) walk.problems.push({ path, from, what: refusal });
            checked++;
            continue;
          }
          screens.add(screenKey(path));
          await walk.open(path, from);
        }
        console.info(`${email}: ${seen.size - checked} pages opened, ${checked} more links checked against the page guard`);
        expect(walk.problems.map((p) => `${p.path} (from ${p.from}): ${p.what}`)).toEqual([]);
        expect(seen.size).toBeGreaterThan(3);
      } finally {
        await walk.context.close();
      }
    },
    600_000,
  );

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
