import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../infra/local/demo-data';
import { comparisonPath, uploadFile, type Call } from '../../infra/local/api-flow';
import { api, stackUrl } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';
import { createTestUser } from '../support/test-users';
import { created, newCarrier, newCompany, newOrganization, unique } from '../integration/hierarchy-support';

/**
 * Map data and Select data points in chromium, in a company of its own (no other test's
 * comparisons of the same carrier can answer): the mapping last used for the same carrier is
 * offered and "Use it" maps the values; a tolerance typed on an amount is saved and shown again.
 */
const csv = (name: string, text: string) => ({ name, bytes: Buffer.from(text, 'utf8'), contentType: 'text/csv' });
const BASELINE = 'SSN,First Name,Last Name,Relationship,Monthly Premium\n900-00-0001,Ann,Lee,Employee,100.00\n900-00-0002,Bo,Lee,Spouse,80.00\n900-00-0003,Cy,Lee,Child,40.00\n';
const CARRIER = 'Member ID,FNAME,LNAME,Rel Code,Premium\n900000001,ANN,LEE,E,100.20\n900000002,BO,LEE,S,80.00\n900000003,CY,LEE,C,40.00\n';
const POINTS = [
  { baseline_column_name: 'SSN', secondary_column_name: 'Member ID', is_unique_identifier: true },
  { baseline_column_name: 'First Name', secondary_column_name: 'FNAME', is_unique_identifier: false },
  { baseline_column_name: 'Last Name', secondary_column_name: 'LNAME', is_unique_identifier: false },
  { baseline_column_name: 'Relationship', secondary_column_name: 'Rel Code', is_unique_identifier: false },
  { baseline_column_name: 'Monthly Premium', secondary_column_name: 'Premium', is_unique_identifier: false },
];

let browser: Browser;
let email: string;
let companyId: string;
let call: Call;
let carrierCompanyCarriers: [string, string];

beforeAll(async () => {
  browser = await launchBrowser();
  const organization = await newOrganization();
  const company = await newCompany(organization.id);
  const carrier = await newCarrier();
  const companyCarrier = async () => (await created(`/api/companies/${company.id}/company_carriers`, { carrier_id: carrier.id, renewal_month: 'JANUARY' })).id as string;
  // The second company carrier of the same carrier stands for a renewal.
  carrierCompanyCarriers = [await companyCarrier(), await companyCarrier()];
  companyId = company.id;
  ({ email } = await createTestUser({ role: 'COMPANY_ADMIN', organization_id: organization.id, company_id: company.id, password: DEMO_PASSWORD, permanent: true }));
  call = (method, p, body) => api(method, p, { as: email, body });
});
afterAll(async () => {
  await browser?.close();
});

/** A comparison with both files read and the data points saved; answers its path and data points. */
async function comparison(name: string, companyCarrierId: string) {
  const res = await call('POST', `/api/companies/${companyId}/comparisons`, { name, type: 'COMPARE_ONLY', audit_type: 'ENROLLMENT_AUDIT', company_carrier_id: companyCarrierId });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const base = comparisonPath(companyId, res.body.id);
  await uploadFile(call, base, 'BASELINE', csv('baseline.csv', BASELINE));
  await uploadFile(call, base, 'SECONDARY', csv('carrier.csv', CARRIER));
  const saved = await call('PUT', `${base}/data_points`, POINTS);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { id: res.body.id as string, base, points: saved.body.items as Array<{ id: string; secondary_column_name: string; updated_at: string }> };
}

async function withPage(name: string, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await signInThroughUi(page, email);
    await run(page);
  } catch (error) {
    await page.screenshot({ path: `/tmp/map-data-${name}-failure.png`, fullPage: true }).catch(() => undefined);
    throw error;
  } finally {
    await context.close();
  }
}

describe('Map data', () => {
  it('offers the mapping last used for the same carrier, and "Use it" shows the values mapped', async () => {
    const earlier = await comparison('2024 enrollment audit', carrierCompanyCarriers[0]);
    const mappingName = unique('Rel codes');
    const mapping = await call('POST', `/api/companies/${companyId}/data_mappings`, {
      name: mappingName,
      fields: [
        { source: 'E', target: 'Employee' },
        { source: 'S', target: 'Spouse' },
        { source: 'C', target: 'Child' },
      ],
    });
    expect(mapping.status).toBe(201);
    const rel = earlier.points.find((p) => p.secondary_column_name === 'Rel Code')!;
    expect((await call('PATCH', `${earlier.base}/data_points/${rel.id}`, { data_mapping_id: mapping.body.id, updated_at: rel.updated_at })).status).toBe(200);
    const renewal = await comparison('2025 renewal audit', carrierCompanyCarriers[1]);
    const moved = await call('PATCH', renewal.base, { step: 'MAP_DATA', updated_at: (await call('GET', renewal.base)).body.updated_at });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const renewalRel = renewal.points.find((p) => p.secondary_column_name === 'Rel Code')!;

    await withPage('offer', async (page) => {
      await page.goto(`${stackUrl()}/companies/${companyId}/comparisons/${renewal.id}?step=MAP_DATA`);
      await page.getByRole('button', { name: /Rel Code → Relationship/ }).click();
      const values = page.getByRole('table', { name: 'Values of Rel Code' });
      const target = async (value: string) =>
        ((await values.getByRole('row').filter({ has: page.getByRole('cell', { name: value, exact: true }) }).getByRole('combobox').textContent()) ?? '').trim();
      const row = (value: string) => values.getByRole('row').filter({ has: page.getByRole('cell', { name: value, exact: true }) });
      await values.waitFor({ timeout: 15_000 });
      // Before: the code is only guessed (E starts Employee), filled in and marked for checking.
      await row('E').getByText('Likely match: check it').waitFor({ timeout: 15_000 });
      expect(await target('E')).toBe('Employee');

      const offer = page.getByRole('status').filter({ hasText: `used the mapping “${mappingName}” for this column` });
      await offer.waitFor({ timeout: 15_000 });
      expect(await offer.textContent()).toMatch(/^2024 enrollment audit \(\d{1,2}\/\d{1,2}\/\d{4}\) used the mapping/);
      await offer.getByRole('button', { name: 'Use it' }).click();

      await page.getByText('Mapping saved').waitFor({ timeout: 15_000 });
      await page.getByText('0 unmapped').waitFor({ timeout: 15_000 });
      // After: mapped by the saved mapping, no longer a guess ('0 unmapped' showed before as well).
      await row('E').getByText('Likely match: check it').waitFor({ state: 'detached', timeout: 15_000 });
      expect(await target('E')).toBe('Employee');
      expect(await target('C')).toBe('Child');
      expect(await offer.count()).toBe(0);
    });

    const values = await call('GET', `${renewal.base}/data_points/${renewalRel.id}/values`);
    expect(values.body.data_mapping_id).toBe(mapping.body.id);
    expect(values.body.values.every((v: any) => v.status === 'mapped')).toBe(true);
  });
});

describe('Select data points', () => {
  it('saves a tolerance typed on an amount, refuses a negative one, and shows it after a reload', async () => {
    const setUp = await comparison('Tolerance audit', carrierCompanyCarriers[0]);
    const url = `${stackUrl()}/companies/${companyId}/comparisons/${setUp.id}?step=SELECT_DATA_POINTS`;

    await withPage('tolerance', async (page) => {
      await page.goto(url);
      const premium = page.getByRole('textbox', { name: 'Tolerance: Monthly Premium' });
      await premium.waitFor({ timeout: 15_000 });
      // A text data point offers no tolerance at all.
      expect(await page.getByRole('textbox', { name: 'Tolerance: First Name' }).count()).toBe(0);

      await premium.fill('-1');
      await page.getByText('Tolerance must be a number of 0 or more').waitFor();
      expect(await page.getByRole('button', { name: 'Save and continue' }).isDisabled()).toBe(true);

      await premium.fill('0.25');
      await page.getByRole('button', { name: 'Save and continue' }).click();
      const onward = page.getByRole('button', { name: 'Continue to Map data' });
      const mapIntro = page.getByText(/Map the carrier’s values onto the baseline’s/);
      await onward.or(mapIntro).first().waitFor({ timeout: 30_000 });

      const saved = await call('GET', `${setUp.base}/data_points`);
      const byColumn = new Map(saved.body.items.map((p: any) => [p.baseline_column_name, p.tolerance]));
      expect(byColumn.get('Monthly Premium')).toBe(0.25);
      expect(byColumn.get('First Name')).toBeNull();

      // A new page load: nothing of the typed state survives but what the API saved.
      await page.goto(url);
      const again = page.getByRole('textbox', { name: 'Tolerance: Monthly Premium' });
      await again.waitFor({ timeout: 15_000 });
      expect(await again.inputValue()).toBe('0.25');
    });
  });
});
