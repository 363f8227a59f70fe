import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, stackUrl } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';
import { ADMIN, created, newOrganization } from '../integration/hierarchy-support';

/**
 * Sharing an admin mapping with an organization on /admin/mappings in chromium: Share opens the
 * whitelist dialog, Add and the remove button write DataMappingsAdminWhitelist rows (checked
 * through the API) and the grid's "Shared with" count follows.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const whitelistOf = async (mappingId: string) => {
  const res = await api('GET', `/api/admin/data_mappings/${mappingId}/whitelist`, { as: ADMIN });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.items as Array<{ organization_id: string }>).map((row) => row.organization_id);
};

describe('admin mapping sharing through the page', () => {
  it('the admin shares a mapping with an organization and stops sharing it', async () => {
    // One word, so the grid's quick filter in the URL narrows the list to this mapping alone.
    const mappingName = `Share-${randomUUID().slice(0, 8)}`;
    const organization = await newOrganization();
    const mapping = await created('/api/admin/data_mappings', { name: mappingName, fields: [{ source: 'EE', target: 'Employee' }] });
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    try {
      await signInThroughUi(page, ADMIN);
      await page.goto(`${stackUrl()}/admin/mappings?m_q=${mappingName}`);
      // Not by role: the open dialog hides the grid from the accessibility tree.
      const row = page.locator('[role="row"]', { hasText: mappingName });
      await row.getByText('Not shared').waitFor({ timeout: 30_000 });

      await row.getByRole('button', { name: 'Share', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Share ${mappingName}` });
      await dialog.getByText('Not shared with any organization.').waitFor({ timeout: 20_000 });
      await dialog.getByLabel('Organization').fill(organization.name);
      await page.getByRole('option', { name: organization.name, exact: true }).click();
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();

      const shared = dialog.getByRole('list', { name: 'Shared with' });
      await shared.getByText(organization.name, { exact: true }).waitFor({ timeout: 20_000 });
      await row.getByText('1 organization', { exact: true }).waitFor({ timeout: 20_000 });
      expect(await whitelistOf(mapping.id)).toEqual([organization.id]);

      // Once shared, the organization is no longer offered by the picker.
      await dialog.getByLabel('Organization').fill(organization.name);
      await page.getByText('No options').waitFor({ timeout: 10_000 });
      await dialog.getByLabel('Organization').fill('');

      await dialog.getByRole('button', { name: `Stop sharing with ${organization.name}` }).click();
      await dialog.getByText('Not shared with any organization.').waitFor({ timeout: 20_000 });
      await row.getByText('Not shared', { exact: true }).waitFor({ timeout: 20_000 });
      expect(await whitelistOf(mapping.id)).toEqual([]);

      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    } finally {
      await context.close();
      await api('DELETE', `/api/admin/data_mappings/${mapping.id}`, { as: ADMIN });
    }
  });
});
