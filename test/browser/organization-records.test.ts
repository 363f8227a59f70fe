import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { api, stackUrl } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';

/**
 * An organization's service types, benefit admin systems and agency links are edited in place by
 * the DMS Admin, and a Remove stays disabled while its request is pending.
 */
const ADMIN = 'admin@demo.example';
let browser: Browser;
let organizationId = '';
let agencyId = '';

beforeAll(async () => {
  browser = await launchBrowser();
  const created = await api('POST', '/api/admin/organizations', { as: ADMIN, body: { name: `Records Org ${Date.now()}`, plan: 'DVP_BASE' } });
  organizationId = created.body.id;
  agencyId = (await api('GET', '/api/me', { as: 'agency-admin@demo.example' })).body.agency_id;
  const base = `/api/organizations/${organizationId}`;
  expect((await api('POST', `${base}/service_types`, { as: ADMIN, body: { service_type: 'ACA', notes: 'Old service note' } })).status).toBe(201);
  expect((await api('POST', `${base}/service_types`, { as: ADMIN, body: { service_type: 'HR_SUPPORT' } })).status).toBe(201);
  expect((await api('POST', `${base}/benefit_admin_systems`, { as: ADMIN, body: { benefit_admin_system: 'EASE', notes: 'Old system note' } })).status).toBe(201);
  expect((await api('POST', `${base}/agencies`, { as: ADMIN, body: { agency_id: agencyId, agency_management_type: 'ADMIN' } })).status).toBe(201);
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

async function openAs(path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  await signInThroughUi(page, ADMIN);
  await page.goto(`${stackUrl()}/organizations/${organizationId}/${path}`);
  return page;
}

const rowWith = (page: Page, text: string): Locator => page.getByRole('row').filter({ hasText: text });

async function editRow(page: Page, rowText: string, fill: (dialog: Locator) => Promise<void>) {
  await rowWith(page, rowText).getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog');
  await fill(dialog);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe("an organization's records", () => {
  it('edits a service type, and keeps Remove disabled while the removal is pending', async () => {
    const page = await openAs('service-types');
    try {
      await rowWith(page, 'Old service note').waitFor();
      await editRow(page, 'Old service note', async (dialog) => {
        await dialog.getByLabel('Notes').fill('New service note');
        await dialog.getByLabel('Cost').fill('125');
      });
      await rowWith(page, 'New service note').waitFor();
      const stored = (await api('GET', `/api/organizations/${organizationId}/service_types`, { as: ADMIN })).body.items;
      expect(stored.find((s: { service_type: string }) => s.service_type === 'ACA')).toMatchObject({ notes: 'New service note', cost: 125 });

      // Hold the DELETE until the button has been seen disabled.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/service_types/*', async (route) => {
        if (route.request().method() !== 'DELETE') return route.continue();
        await held;
        await route.continue();
      });
      const remove = rowWith(page, 'HR Support').getByRole('button', { name: 'Remove' });
      await remove.click();
      await expect.poll(() => remove.isDisabled()).toBe(true);
      release();
      await rowWith(page, 'HR Support').waitFor({ state: 'detached' });
    } finally {
      await page.context().close();
    }
  });

  it('edits a benefit admin system', async () => {
    const page = await openAs('benefit-admin-systems');
    try {
      await editRow(page, 'Old system note', async (dialog) => {
        await dialog.getByLabel('Benefit admin system', { exact: false }).first().click();
        await page.getByRole('option', { name: 'Selerix', exact: true }).click();
        await dialog.getByLabel('Notes').fill('New system note');
      });
      await rowWith(page, 'New system note').filter({ hasText: 'Selerix' }).waitFor();
    } finally {
      await page.context().close();
    }
  });

  it("edits an agency link's management type (its agency is the link's key)", async () => {
    const page = await openAs('agencies');
    try {
      await rowWith(page, 'Administrator').waitFor();
      await rowWith(page, 'Administrator').getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog');
      expect(await dialog.getByLabel('Agency', { exact: true }).count()).toBe(0);
      await dialog.getByLabel('Management type', { exact: false }).first().click();
      await page.getByRole('option', { name: 'Broker General Agent', exact: true }).click();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await rowWith(page, 'Broker General Agent').waitFor();
      const links = (await api('GET', `/api/organizations/${organizationId}/agencies`, { as: ADMIN })).body.items;
      expect(links.find((l: { agency_id: string }) => l.agency_id === agencyId)).toMatchObject({ agency_management_type: 'ORGANIZATION_PRIMARY' });
    } finally {
      await page.context().close();
    }
  });
});
