import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, stackUrl } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';

/**
 * One-click actions stay disabled from the click until their request is answered (SPEC §5): the
 * request is held here until the button has been seen disabled.
 */
const ADMIN = 'admin@demo.example';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Holds the first `method` request to a URL matching `pattern` until the returned release is called. */
async function hold(page: Page, pattern: string, method: string): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    if (route.request().method() !== method) return route.continue();
    await held;
    await route.continue();
  });
  return release;
}

async function signedIn(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  await signInThroughUi(page, ADMIN);
  return page;
}

describe('one-click actions while their request is pending', () => {
  it('Deactivate organization', async () => {
    const created = await api('POST', '/api/admin/organizations', { as: ADMIN, body: { name: `Pending Org ${Date.now()}`, plan: 'DVP_BASE' } });
    const page = await signedIn();
    try {
      await page.goto(`${stackUrl()}/organizations/${created.body.id}/edit`);
      const release = await hold(page, `**/api/admin/organizations/${created.body.id}`, 'DELETE');
      const deactivate = page.getByRole('button', { name: 'Deactivate organization' });
      await deactivate.click();
      await expect.poll(() => deactivate.isDisabled()).toBe(true);
      release();
      await page.getByText('Organization deactivated').waitFor();
    } finally {
      await page.context().close();
    }
  });

  it('Stop sharing an organization with a user', async () => {
    const orgAdmin = (await api('GET', '/api/me', { as: 'org-admin@demo.example' })).body;
    const organizations = (await api('GET', '/api/admin/organizations', { as: ADMIN })).body.items as { id: string; name: string }[];
    const other = organizations.find((o) => o.id !== orgAdmin.organization_id)!;
    const shared = await api('POST', `/api/admin/users/${orgAdmin.id}/whitelist`, { as: ADMIN, body: { organization_id: other.id, company_id: null } });
    expect(shared.status).toBe(201);
    const page = await signedIn();
    try {
      await page.goto(`${stackUrl()}/admin/users/${orgAdmin.id}`);
      const release = await hold(page, `**/whitelist/${shared.body.id}`, 'DELETE');
      const stop = page.getByRole('button', { name: 'Stop sharing' }).first();
      await stop.click();
      await expect.poll(() => stop.isDisabled()).toBe(true);
      release();
      await expect.poll(async () => (await api('GET', `/api/admin/users/${orgAdmin.id}/whitelist`, { as: ADMIN })).body.items.length).toBe(0);
    } finally {
      await page.context().close();
    }
  });
});
