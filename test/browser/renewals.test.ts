import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, stackUrl } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';
import { activate, createUserAsAdmin, uniqueEmail } from '../support/users';
import { newCarrierTree } from '../integration/hierarchy-support';

/**
 * A renewal through the pages, on a tenant of its own: the GA starts it from the company's
 * Renewals page (starting one is the GA's), the employer opens it from that list, fills the client
 * information (autosaved) and the plans checklist with a note, and moves each on; the GA names an
 * organization contact, approves both and moves on; a file is attached with upload progress and
 * downloaded back through the page; a verify-only company user sees it all read-only.
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
    const { context, page } = await openAs(people.employer, `/companies/${companyId}/renewals`);
    try {
      const row = page.getByRole('row').filter({ hasText: 'Client Information' });
      await expect.poll(() => row.innerText(), { timeout: 15_000 }).toMatch(/January \d{4}[\s\S]*Due in \d+ days/);
      await row.getByRole('link').click();
      await page.waitForURL((url) => url.pathname === renewalPath);

      // Someone else saves meanwhile: the page's next save is refused (409), the renewal reloads
      // with their answer, and the page says so; saving again then works.
      await page.getByLabel('Enrollment start', { exact: true }).waitFor();
      const before = (await api('GET', `/api${renewalPath}`, { as: people.employer })).body;
      const other = await api('PATCH', `/api${renewalPath}`, { as: people.employer, body: { cobra_enrollment_type: 'Self-billed', updated_at: before.updated_at } });
      expect(other.status).toBe(200);
      await page.getByLabel('Enrollment start', { exact: true }).fill('2027-11-01');
      await page.getByText(/changed by someone else[\s\S]*The renewal was reloaded/).waitFor({ timeout: 10_000 });
      await expect.poll(() => page.getByLabel('COBRA enrollment type').inputValue()).toBe('Self-billed');
      await expect.poll(() => page.getByLabel('Enrollment start', { exact: true }).inputValue()).toBe('');

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
      await plan.getByLabel('Renewal notes').fill('Same plan design, new rates from the carrier.');
      await expect.poll(() => plan.getByRole('status').innerText(), { timeout: 10_000 }).toBe('All changes saved');
      const saved = (await api('GET', `/api${renewalPath}`, { as: people.employer })).body;
      expect(saved.plans[0]).toMatchObject({ renewing: true, rates_changing: false, eligibility_changing: false, renewal_notes: 'Same plan design, new rates from the carrier.' });
      await expect.poll(async () => page.getByRole('button', { name: 'Next step' }).isEnabled(), { timeout: 10_000 }).toBe(true);
      await page.getByRole('button', { name: 'Next step' }).click();
      await atStep(page, 'GA Review Client Information');
      await expect(page.getByRole('button', { name: 'Next step' }).count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
  });

  it('the GA names an organization contact, approves the client information and the plans and moves on to the demo', async () => {
    const { context, page } = await openAs(people.ga, renewalPath);
    try {
      await page.getByLabel('The organization runs this renewal for the employer').check();
      await page.getByLabel('Organization contact').click();
      await page.getByRole('option', { name: `GA User · ${people.ga}` }).click();
      await expect.poll(() => page.getByRole('status').allInnerTexts(), { timeout: 10_000 }).toContain('All changes saved');
      const managed = (await api('GET', `/api${renewalPath}`, { as: people.ga })).body;
      expect(managed).toMatchObject({ organization_managed: true, organization_managed_contact_user_id: expect.any(String) });

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
    const bytes = `Plan,Rate\n${'PPO 500,512.40\n'.repeat(20_000)}`;
    try {
      // Storage answers the PUT a moment late, so the bar is seen before the upload completes.
      let put = '';
      await page.route(
        (url) => url.searchParams.has('X-Amz-Signature'),
        async (route) => {
          if (route.request().method() !== 'PUT') return route.fallback();
          put = route.request().url();
          await new Promise((resolve) => setTimeout(resolve, 1_500));
          await route.continue();
        },
      );
      await page.locator('input[type="file"]').setInputFiles({ name: 'rates.csv', mimeType: 'text/csv', buffer: Buffer.from(bytes) });
      const bar = page.getByRole('progressbar', { name: 'Upload progress' });
      await bar.waitFor({ timeout: 15_000 });
      await expect.poll(() => page.getByText(/^Uploading rates\.csv… \d+%$/).count()).toBe(1);
      await page.getByRole('button', { name: 'rates.csv', exact: true }).waitFor({ timeout: 20_000 });
      expect(await bar.count()).toBe(0);
      expect(put).not.toBe('');

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'rates.csv', exact: true }).click();
      const saved = await download;
      expect(saved.suggestedFilename()).toBe('rates.csv');
      expect(fs.readFileSync(await saved.path(), 'utf8')).toBe(bytes);
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
      for (const step of ['CLIENT_INFORMATION', 'PLANS_CHECKLIST', 'GA_DEMO_ENVIRONMENT']) {
        await reader.page.goto(`${stackUrl()}${renewalPath}?step=${step}`);
        await reader.page.getByRole('heading', { name: 'Files' }).waitFor();
        await reader.page.getByText('Read only', { exact: true }).waitFor();
        const main = reader.page.getByRole('main');
        for (const role of ['textbox', 'combobox', 'checkbox', 'switch'] as const) {
          for (const input of await main.getByRole(role).all()) expect(await input.isDisabled(), `${step}: an enabled ${role}`).toBe(true);
        }
        const buttons = await main.getByRole('button').allInnerTexts();
        for (const name of ['Next step', 'Send back', 'Close renewal', 'Add note', 'Attach a file', 'Remove', 'Assign', 'Make owner', 'Complete']) expect(buttons, step).not.toContain(name);
      }
    } finally {
      await reader.context.close();
    }
  });
});
