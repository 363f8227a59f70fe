import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, stackUrl } from '../support/api';
import { launchBrowser, signInThroughUi } from '../support/browser';
import { comparisonPath, configureDataPoints, createComparison, uploadFile, type Call } from '../../infra/local/api-flow';
import { comparisonConfig } from '../fixtures/generator/comparison-config';
import { csvFile, personMatchFixture } from '../support/person-match-fixture';

/**
 * Matching by person in chromium: the setting chosen on the Compare step, a run that waits for
 * match confirmation with two proposals, one accepted and one rejected in Confirm matches (the
 * count following), and Run again.
 */
const USER = 'company-admin@demo.example';
const call: Call = (method, p, body) => api(method, p, { as: USER, body });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('Confirm matches', () => {
  it('chooses matching by person, accepts one proposal and rejects the other, then compares', async () => {
    const fixture = personMatchFixture('person-browser');
    const companyId = (await api('GET', '/api/me', { as: USER })).body.company_id as string;
    const comparison = await createComparison(call, companyId, 'Browser person match');
    const base = comparisonPath(companyId, comparison.id);
    await uploadFile(call, base, 'BASELINE', csvFile('baseline.csv', fixture.baseline));
    await uploadFile(call, base, 'SECONDARY', csvFile('carrier.csv', fixture.secondary));
    await configureDataPoints(call, companyId, base, comparisonConfig(), 'Browser person match');
    const current = (await call('GET', base)).body;
    if (current.step !== 'COMPARE') expect((await call('PATCH', base, { step: 'COMPARE', updated_at: current.updated_at })).status).toBe(200);

    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    try {
      await signInThroughUi(page, USER);
      await page.goto(`${stackUrl()}/companies/${companyId}/comparisons/${comparison.id}?step=COMPARE`);
      await page.getByRole('radio', { name: 'By person (name and date of birth)' }).check();
      await page.getByRole('button', { name: 'Save how rows are matched' }).click();
      await expect.poll(async () => (await call('GET', base)).body.match_by, { timeout: 15_000 }).toBe('PERSON');

      await page.getByRole('button', { name: 'Run the comparison' }).click();
      // A state of its own, not a failure, leading to Confirm matches.
      const waitingAlert = page.getByRole('alert').filter({ hasText: 'Waiting for match confirmation' });
      await waitingAlert.getByText('2 proposed matches wait for confirmation').waitFor({ timeout: 60_000 });
      await expect(page.getByText('The comparison did not finish').count()).resolves.toBe(0);
      await waitingAlert.getByRole('button', { name: 'Confirm matches' }).click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('confirm-matches');
      const list = page.getByRole('table', { name: 'Proposed matches' });
      await list.waitFor({ timeout: 15_000 });
      await expect(list.getByRole('row').count()).resolves.toBe(3);
      const rowA = list.getByRole('row').filter({ hasText: 'ZEBEDIAH' });
      await expect(rowA.innerText()).resolves.toContain('first name');
      await rowA.getByRole('button', { name: /^Accept/ }).click();
      await rowA.getByText('Accepted').waitFor({ timeout: 15_000 });
      await waitingAlert.getByText('1 proposed match waits for confirmation').waitFor({ timeout: 15_000 });
      const rowB = list.getByRole('row').filter({ hasNotText: 'ZEBEDIAH' }).filter({ hasText: 'DOB one digit apart' });
      await rowB.getByRole('button', { name: /^Reject/ }).click();
      await rowB.getByText('Rejected').waitFor({ timeout: 15_000 });
      await waitingAlert.getByText('Every proposed match is decided').waitFor({ timeout: 15_000 });

      await waitingAlert.getByRole('button', { name: 'Run again' }).click();
      await page.getByRole('status').filter({ hasText: 'Comparison finished' }).waitFor({ timeout: 60_000 });
      const decided = (await call('GET', `${base}/match_candidates`)).body.items.map((c: { secondary: { row: number }; decision: string }) => [c.secondary.row, c.decision]);
      expect(decided.sort()).toEqual([[fixture.rowA, 'ACCEPT'], [fixture.rowB, 'REJECT']].sort());
      expect((await call('GET', base)).body.summary).toMatchObject({ missing_in_baseline: 1, missing_in_secondary: 1 });
    } finally {
      await context.close();
    }
  });

  it('lets Select data points go without an identifier once matching by person, and names the person fields missing', async () => {
    const fixture = personMatchFixture('person-browser-fields');
    const companyId = (await api('GET', '/api/me', { as: USER })).body.company_id as string;
    const comparison = await createComparison(call, companyId, 'Browser person fields');
    const base = comparisonPath(companyId, comparison.id);
    await uploadFile(call, base, 'BASELINE', csvFile('baseline.csv', fixture.baseline));
    await uploadFile(call, base, 'SECONDARY', csvFile('carrier.csv', fixture.secondary));

    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    try {
      await signInThroughUi(page, USER);
      await page.goto(`${stackUrl()}/companies/${companyId}/comparisons/${comparison.id}?step=SELECT_DATA_POINTS`);
      const points = page.getByRole('table', { name: 'Data points' });
      await points.waitFor({ timeout: 15_000 });
      const identifiers = page.getByRole('checkbox', { name: /^Unique identifier:/ });
      for (const box of await identifiers.all()) if (await box.isChecked()) await box.uncheck();
      await page.getByText('✗ A unique identifier').waitFor();

      await page.getByRole('button', { name: 'Match by person instead' }).click();
      await expect.poll(async () => (await call('GET', base)).body.match_by, { timeout: 15_000 }).toBe('PERSON');
      await page.getByText('✓ The person: date of birth, last and first name').waitFor({ timeout: 15_000 });

      await points.getByRole('button', { name: 'Remove DOB' }).click();
      await page.getByText('✗ The person: date of birth, last and first name').waitFor();
      await page.getByText('Missing: date of birth.').waitFor();
      await expect(page.getByRole('button', { name: 'Save and continue' }).isDisabled()).resolves.toBe(true);
    } finally {
      await context.close();
    }
  });
});
