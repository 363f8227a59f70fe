import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, stackUrl } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';
import { activate, createUserAsAdmin, uniqueEmail } from '../support/users';
import { newCarrierTree } from '../integration/hierarchy-support';

/**
 * A renewal through the pages, on a tenant of its own: the GA starts it from the company's
 * Renewals page, the employer fills the client information (autosaved) and the plans checklist and
 * moves each on, the GA approves both, a file is attached with progress and downloaded back, and a
 * verify-only company user sees it all read-only.
 */
let browser: Browser;
let companyId: string;
const people = { ga: '', employer: '', reader: '' };

beforeAll(async () => {
  browser = await launchBrowser();
  const tree = await newCarrierTree();
  companyId = tree.company.id;
  const make = async (key: keyof typeof people, role: string, tenant: Record<string, string>) => {
    people[key] = uniqueEmail(key);
    await createUserAsAdmin({ email: people[key], role, first_name: key.toUpperCase(), ...tenant });
    await activate(people[key]);
  };
  await make('ga', 'ORGANIZATION_ADMIN', { organization_id: tree.organization.id });
  await make('employer', 'COMPANY_ADMIN', { organization_id: tree.organization.id, company_id: companyId });
  await make('reader', 'COMPANY_USER', { organization_id: tree.organization.id, company_id: companyId });
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

async function openAs(email: string, path: string) {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1100 } });
  const page = await context.newPage();
  await signInThroughUi(page, email);
  await page.goto(`${stackUrl()}${path}`);
  return { context, page };
}

/** Waits until the renewal's current step (the chip under the title) is `label`. */
const atStep = (page: Page, label: string) => expect.poll(() => page.getByTestId('current-step').innerText(), { timeout: 15_000 }).toBe(label);

describe('a renewal through the pages', () => {
  let renewalPath = '';

  it('the GA starts it from the Renewals page', async () => {
    const { context, page } = await openAs(people.ga, `/companies/${companyId}/renewals`);
    try {
      await page.getByRole('button', { name: 'New renewal' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Carrier').click();
      await page.getByRole('option').first().click();
      await dialog.getByRole('button', { name: 'Start renewal' }).click();
      await page.waitForURL(/\/renewals\/[0-9a-f-]{36}/);
      renewalPath = new URL(page.url()).pathname;
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toMatch(/renewal · January/);
    } finally {
      await context.close();
    }
  });

  it('the employer fills the client information and the plans checklist, and moves each on', async () => {
    const { context, page } = await openAs(people.employer, renewalPath);
    try {
      await page.getByLabel('Enrollment start', { exact: true }).fill('2027-11-01');
      await page.getByLabel('Enrollment end', { exact: true }).fill('2027-11-15');
      await page.getByLabel('Enrollment type', { exact: true }).click();
      await page.getByRole('option', { name: 'Active' }).click();
      await expect.poll(() => page.getByRole('status').allInnerTexts(), { timeout: 10_000 }).toContain('All changes saved');
      await expect.poll(async () => page.getByRole('button', { name: 'Next step' }).isEnabled(), { timeout: 10_000 }).toBe(true);
      await page.getByRole('button', { name: 'Next step' }).click();
      await atStep(page, 'Plans Checklist');

      const plan = page.getByLabel('Plan PPO 500');
      for (const label of ['Renewing', 'Rates changing', 'Eligibility changing']) {
        await plan.getByLabel(label).click();
        await page.getByRole('option', { name: label === 'Renewing' ? 'Yes' : 'No' }).click();
        await expect.poll(() => plan.getByLabel(label).innerText()).toMatch(label === 'Renewing' ? /Yes/ : /No/);
      }
      await expect.poll(async () => page.getByRole('button', { name: 'Next step' }).isEnabled(), { timeout: 10_000 }).toBe(true);
      await page.getByRole('button', { name: 'Next step' }).click();
      await atStep(page, 'GA Review Client Information');
      await expect(page.getByRole('button', { name: 'Next step' }).count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
  });

  it('the GA approves the client information and the plans and moves on to the demo', async () => {
    const { context, page } = await openAs(people.ga, renewalPath);
    try {
      await page.getByRole('button', { name: 'Approve client information' }).click();
      await expect.poll(async () => page.getByRole('button', { name: 'Next step' }).isEnabled(), { timeout: 10_000 }).toBe(true);
      await page.getByRole('button', { name: 'Next step' }).click();
      await atStep(page, 'GA Review Plans Checklist');
      await page.getByRole('button', { name: 'Approve PPO 500' }).click();
      await page.getByRole('button', { name: 'Approve plans checklist' }).click();
      await expect.poll(async () => page.getByRole('button', { name: 'Next step' }).isEnabled(), { timeout: 10_000 }).toBe(true);
      await page.getByRole('button', { name: 'Next step' }).click();
      await atStep(page, 'GA Demo Environment');
    } finally {
      await context.close();
    }
  });

  it('a file is attached with progress and downloads back, and a verify-only user reads it all', async () => {
    const { context, page } = await openAs(people.employer, renewalPath);
    const bytes = 'Plan,Rate\nPPO 500,512.40\n';
    try {
      await page.locator('input[type="file"]').setInputFiles({ name: 'rates.csv', mimeType: 'text/csv', buffer: Buffer.from(bytes) });
      await page.getByRole('button', { name: 'rates.csv' }).waitFor({ timeout: 15_000 });
    } finally {
      await context.close();
    }
    const renewal = (await api('GET', `/api${renewalPath}`, { as: people.reader })).body;
    const file = renewal.task.files.find((f: { name: string }) => f.name === 'rates.csv');
    const link = await api('GET', `/api/companies/${companyId}/tasks/${renewal.task.id}/task_files/${file.id}/download_url`, { as: people.reader });
    expect(await (await fetch(link.body.url)).text()).toBe(bytes);

    const reader = await openAs(people.reader, renewalPath);
    try {
      await reader.page.getByText('Read only', { exact: true }).waitFor();
      expect(await reader.page.getByRole('button', { name: 'Next step' }).count()).toBe(0);
      expect(await reader.page.getByRole('button', { name: 'Attach a file' }).count()).toBe(0);
      await reader.page.goto(`${stackUrl()}${renewalPath}?step=CLIENT_INFORMATION`);
      await reader.page.getByLabel('Enrollment start', { exact: true }).waitFor();
      expect(await reader.page.getByLabel('Enrollment start', { exact: true }).isDisabled()).toBe(true);
    } finally {
      await reader.context.close();
    }
  });
});
