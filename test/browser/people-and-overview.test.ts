import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, stackUrl } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';
import { NOT_A_CONTACT } from '../../shared/permissions/contacts';
import { companyOf, finishedComparison, stackDb } from '../support/comparison-fixture';

/**
 * The company page on the demo tenant: its overview (carriers and plans of the seed, a comparison
 * run here with its open findings, the seeded July renewal), a contact picked by name on its
 * details by an organization admin, a saved id outside the contact list shown as unknown, and a
 * verify-only company user reading it all without edit controls.
 */
const ORG_ADMIN = 'org-admin@demo.example';
const COMPANY_USER = 'company-user@demo.example';
let browser: Browser;
let companyId = '';
let organizationId = '';
const comparisonName = `Overview audit ${Date.now()}`;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ companyId, organizationId } = await companyOf('company-admin@demo.example'));
  await finishedComparison(ORG_ADMIN, companyId, comparisonName);
}, 180_000);

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

const userId = async (email: string) => (await api('GET', '/api/me', { as: email })).body.id as string;

describe('the company page', () => {
  it('shows the overview: carriers and plans, recent comparisons with open findings, upcoming renewals', async () => {
    const { context, page } = await openAs(ORG_ADMIN, `/companies/${companyId}`);
    try {
      const carriers = page.getByRole('table', { name: 'Carriers and plans' });
      await expect.poll(() => carriers.innerText(), { timeout: 20_000 }).toMatch(/Aetna\tAET-10421\s+Aetna HSA 3000 \(Medical\)\s+Aetna Open Access PPO \(Medical\)\s+2023-01-01\t\d{4}-01-01 \(January\)/);
      await expect.poll(() => carriers.innerText()).toMatch(/Guardian\tGRD-88310\s+Guardian Dental PPO \(Dental\)\s+Guardian Vision \(Vision\)\s+2024-07-01\t\d{4}-07-01 \(July\)/);

      const comparisons = page.getByRole('table', { name: 'Recent comparisons' });
      const row = comparisons.getByRole('row').filter({ hasText: comparisonName });
      await expect.poll(() => row.innerText(), { timeout: 20_000 }).toMatch(/Enrollment Audit[\s\S]*\d+ open of \d+/);
      const report = (await api('GET', `/api/companies/${companyId}/comparisons`, { as: ORG_ADMIN })).body.items.find((c: { name: string }) => c.name === comparisonName);
      const cards = (await api('GET', `/api/companies/${companyId}/comparisons/${report.id}/report`, { as: ORG_ADMIN })).body.cards;
      const open = cards.discrepancies_unresolved + cards.missing_unresolved;
      expect(open).toBeGreaterThan(0);
      await expect.poll(() => row.innerText()).toContain(`${open.toLocaleString('en-US')} open of ${(open + cards.discrepancies_resolved + cards.missing_resolved).toLocaleString('en-US')}`);

      const renewals = page.getByRole('table', { name: 'Upcoming renewals' });
      await expect.poll(() => renewals.innerText(), { timeout: 20_000 }).toMatch(/Guardian[\s\S]*July \d{4}[\s\S]*Plans Checklist[\s\S]*Olivia Owens[\s\S]*(Due in|Overdue by|Goes live)/);
      await expect(page.getByRole('button', { name: 'Edit details' }).count()).resolves.toBe(1);
    } finally {
      await context.close();
    }
  });

  it('an organization admin picks a contact by name and it is saved; an id outside the list shows as unknown', async () => {
    // The API takes no contact outside the list (a verifier here)…
    const uma = await userId('org-user@demo.example');
    const before = (await api('GET', `/api/companies/${companyId}`, { as: ORG_ADMIN })).body;
    const refused = await api('PATCH', `/api/organizations/${organizationId}/companies/${companyId}`, {
      as: ORG_ADMIN,
      body: { secondary_organization_contact_user_id: uma, updated_at: before.updated_at },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ secondary_organization_contact_user_id: NOT_A_CONTACT });
    // …but a contact saved before their role changed stays on the record, as written here.
    const db = await stackDb();
    await db.entities.company.patch({ organization_id: organizationId, id: companyId }).set({ secondary_organization_contact_user_id: uma }).go();

    const { context, page } = await openAs(ORG_ADMIN, `/companies/${companyId}`);
    try {
      await page.getByRole('button', { name: 'Edit details' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('details');
      await expect.poll(() => page.getByRole('combobox', { name: 'Secondary contact' }).inputValue(), { timeout: 20_000 }).toBe(`Unknown user (${uma})`);
      await page.getByText(/not among the people who may be chosen here/).waitFor();

      const primary = page.getByRole('combobox', { name: 'Primary contact' });
      await primary.click();
      await primary.fill('tara');
      // Only the organization's admins, comparers and task managers are offered.
      await expect.poll(() => page.getByRole('option').allInnerTexts()).toEqual([expect.stringMatching(/Tara Tasker · org-task-manager@demo\.example/)]);
      await page.getByRole('option', { name: /Tara Tasker/ }).click();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('button', { name: 'Edit details' }).waitFor({ timeout: 20_000 });

      const saved = (await api('GET', `/api/companies/${companyId}`, { as: ORG_ADMIN })).body;
      expect(saved.primary_organization_contact_user_id).toBe(await userId('org-task-manager@demo.example'));
      await expect.poll(() => page.getByRole('combobox', { name: 'Primary contact' }).inputValue()).toBe('Tara Tasker · org-task-manager@demo.example');
    } finally {
      await context.close();
    }
  });

  it('a verify-only company user sees the overview and the details without edit controls', async () => {
    const { context, page } = await openAs(COMPANY_USER, `/companies/${companyId}`);
    try {
      await expect.poll(() => page.getByRole('table', { name: 'Carriers and plans' }).innerText(), { timeout: 20_000 }).toMatch(/Aetna[\s\S]*Guardian/);
      await expect.poll(() => page.getByRole('table', { name: 'Recent comparisons' }).innerText(), { timeout: 20_000 }).toContain(comparisonName);
      await expect.poll(() => page.getByRole('table', { name: 'Upcoming renewals' }).innerText(), { timeout: 20_000 }).toMatch(/Guardian[\s\S]*July/);
      expect(await page.getByRole('button', { name: 'Edit details' }).count()).toBe(0);

      await page.getByRole('tab', { name: 'Details' }).click();
      await expect.poll(() => page.getByRole('combobox', { name: 'Primary contact' }).inputValue(), { timeout: 20_000 }).toBe('Tara Tasker · org-task-manager@demo.example');
      expect(await page.getByRole('combobox', { name: 'Primary contact' }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: /^(Save|Edit details|Deactivate)$/ }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
