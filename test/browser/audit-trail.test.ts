import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, stackUrl } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';
import { createUserAsAdmin, demoIds, uniqueEmail, type DemoIds } from '../support/users';

/**
 * The Audit Trail page as the DMS Admin (every organization, filtered by organization and action)
 * and as an organization admin (their organization's events only, 404 on another organization's
 * trail), with events made through the API: a role change in the demo organization and a
 * discrepancy limit change in the other one.
 */
const ADMIN = 'admin@demo.example';
const ORG_ADMIN = 'org-admin@demo.example';
const ORG_ADMIN_NAME = 'Olivia Owens';

let browser: Browser;
let ids: DemoIds;
let auditedName: string;
let org2Name: string;

beforeAll(async () => {
  browser = await launchBrowser();
  ids = await demoIds();
  auditedName = `Audited${randomUUID().slice(0, 8)}`;
  const user = await createUserAsAdmin({ email: uniqueEmail('audited'), role: 'ORGANIZATION_USER', organization_id: ids.org1, first_name: auditedName, last_name: 'Person' });
  const changed = await api('PATCH', `/api/organizations/${ids.org1}/users/${user.id}`, { as: ORG_ADMIN, body: { updated_at: user.updated_at, role: 'ORGANIZATION_TASK_MANAGER' } });
  expect(changed.status).toBe(200);
  const org2 = (await api('GET', `/api/organizations/${ids.org2}`, { as: ADMIN })).body;
  org2Name = org2.name;
  const limit = (org2.discrepancy_limit ?? 100) + 1;
  const patched = await api('PATCH', `/api/admin/organizations/${ids.org2}`, { as: ADMIN, body: { updated_at: org2.updated_at, discrepancy_limit: limit } });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
});

afterAll(async () => {
  await browser?.close();
});

const grid = (page: Page) => page.getByRole('grid');
const rowWith = (page: Page, text: string) => grid(page).getByRole('row').filter({ hasText: text });

async function openAs(email: string) {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1100 } });
  const page = await context.newPage();
  await signInThroughUi(page, email);
  return { context, page };
}

describe('the Audit Trail page', () => {
  it('shows the DMS Admin every organization, filtered by organization and by action', async () => {
    const { context, page } = await openAs(ADMIN);
    try {
      await page.getByRole('link', { name: 'Audit Trail' }).click();
      await page.waitForURL(/\/admin\/audit$/);
      await expect.poll(() => rowWith(page, `${auditedName} Person`).count(), { timeout: 15_000 }).toBe(1);
      const row = rowWith(page, `${auditedName} Person`);
      expect(await row.innerText()).toContain("Changed a user's role or tenant");
      expect(await row.innerText()).toContain('ORGANIZATION_USER → ORGANIZATION_TASK_MANAGER');
      await expect.poll(() => rowWith(page, org2Name).filter({ hasText: 'discrepancy_limit' }).count()).toBeGreaterThan(0);

      await page.getByRole('combobox', { name: 'Organization' }).click();
      await page.getByRole('option', { name: org2Name }).click();
      await expect.poll(() => rowWith(page, `${auditedName} Person`).count()).toBe(0);
      await expect.poll(() => rowWith(page, 'discrepancy_limit').count()).toBeGreaterThan(0);
      expect(page.url()).toContain(`organization_id=${ids.org2}`);

      await page.getByRole('combobox', { name: 'Action' }).click();
      await page.getByRole('option', { name: 'Exported a comparison' }).click();
      await expect.poll(() => rowWith(page, 'discrepancy_limit').count()).toBe(0);
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await expect.poll(() => rowWith(page, `${auditedName} Person`).count(), { timeout: 15_000 }).toBe(1);
    } finally {
      await context.close();
    }
  });

  it("shows an organization admin their organization's events only, and 404 on another organization's trail", async () => {
    const { context, page } = await openAs(ORG_ADMIN);
    try {
      await page.getByRole('link', { name: 'Audit Trail' }).click();
      await page.waitForURL(new RegExp(`/organizations/${ids.org1}/audit$`));
      await expect.poll(() => rowWith(page, `${auditedName} Person`).count(), { timeout: 15_000 }).toBe(1);
      expect(await rowWith(page, 'discrepancy_limit').count()).toBe(0);
      // A click on who acted narrows the trail to them.
      await rowWith(page, `${auditedName} Person`).getByRole('button', { name: `Only events by ${ORG_ADMIN_NAME}` }).click();
      await page.getByText(`By ${ORG_ADMIN_NAME}`).waitFor();
      expect(page.url()).toContain('user_id=');
      await expect.poll(() => rowWith(page, `${auditedName} Person`).count()).toBe(1);

      await page.goto(`${stackUrl()}/organizations/${ids.org2}/audit`);
      await page.getByText('Page not found').waitFor();
      expect(await grid(page).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
