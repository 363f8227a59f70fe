import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api';
import { activate, createUserAsAdmin, uniqueEmail } from '../support/users';
import { stackDb } from '../support/comparison-fixture';
import { created, newCarrier, newCompany, newOrganization } from './hierarchy-support';

/**
 * A company carrier with more plans than one DynamoDB transaction holds (100 items): starting its
 * renewal and moving it (which sets every checklist row's status) write every row, raced two at a
 * time: one wins, the other is told why, and no row is left behind or missed.
 */
const PLANS = 150;

let companyId: string;
let organizationId: string;
let companyCarrierId: string;
let ga: string;
let employer: string;

async function person(role: string, tenant: Record<string, string>) {
  const email = uniqueEmail(role.toLowerCase());
  await createUserAsAdmin({ email, role, ...tenant });
  await activate(email);
  return email;
}

/** Runs `work` over items a few at a time. */
async function inBatches<T>(items: T[], work: (item: T) => Promise<unknown>, size = 10) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

/** Every checklist row stored under the company, whichever renewal names it. */
async function storedRows() {
  const { data } = await (await stackDb()).entities.renewalPlan.query.byRenewal({ organization_id: organizationId, company_id: companyId }).go({ pages: 'all' });
  return data;
}

beforeAll(async () => {
  const organization = await newOrganization();
  organizationId = organization.id;
  companyId = (await newCompany(organizationId)).id;
  const carrier = await newCarrier();
  companyCarrierId = (await created(`/api/companies/${companyId}/company_carriers`, { carrier_id: carrier.id, renewal_month: 'JULY' })).id;
  const plans = `/api/companies/${companyId}/company_carriers/${companyCarrierId}/company_carrier_plans`;
  await inBatches(
    Array.from({ length: PLANS }, (_, i) => i),
    (i) => created(plans, { name: `Plan ${String(i).padStart(3, '0')}`, benefit_type: 'MEDICAL' }),
  );
  ga = await person('ORGANIZATION_ADMIN', { organization_id: organizationId });
  employer = await person('COMPANY_ADMIN', { organization_id: organizationId, company_id: companyId });
}, 300_000);

describe(`a company carrier with ${PLANS} plans`, () => {
  let renewalUrl: string;

  it('two starts of its renewal at once: one 201 with every plan, one 409 naming the renewal; no stray rows', async () => {
    const start = () => api('POST', `/api/companies/${companyId}/renewals`, { as: ga, body: { company_carrier_id: companyCarrierId, year: 2027, month: 'JULY' } });
    const answers = await Promise.all([start(), start()]);
    expect(answers.map((a) => a.status).sort(), JSON.stringify(answers.map((a) => a.body.message))).toEqual([201, 409]);
    const renewal = answers.find((a) => a.status === 201)!.body;
    expect(answers.find((a) => a.status === 409)!.body.message).toMatch(/already has a renewal for July 2027/);
    expect(renewal.plans).toHaveLength(PLANS);
    const rows = await storedRows();
    expect(rows).toHaveLength(PLANS);
    expect(new Set(rows.map((r) => r.renewal_id))).toEqual(new Set([renewal.id]));
    renewalUrl = `/api/companies/${companyId}/renewals/${renewal.id}`;
  }, 120_000);

  it('two moves of the checklist at once: one 200 that sets every row, one 409; every row moved once', async () => {
    let r = (await api('GET', renewalUrl, { as: employer })).body;
    const filled = await api('PATCH', renewalUrl, { as: employer, body: { enrollment_start_date: '2027-05-01', enrollment_end_date: '2027-05-15', enrollment_type: 'ACTIVE', updated_at: r.updated_at } });
    expect(filled.status).toBe(200);
    const advanced = await api('POST', `${renewalUrl}/advance`, { as: employer, body: { updated_at: filled.body.updated_at } });
    expect(advanced.status, JSON.stringify(advanced.body)).toBe(200);
    await inBatches(advanced.body.plans, async (plan: { id: string; updated_at: string }) => {
      const res = await api('PATCH', `${renewalUrl}/renewal_plans/${plan.id}`, { as: employer, body: { renewing: true, rates_changing: false, eligibility_changing: false, updated_at: plan.updated_at } });
      expect(res.status).toBe(200);
    });
    r = (await api('GET', renewalUrl, { as: employer })).body;
    const answers = await Promise.all([1, 2].map(() => api('POST', `${renewalUrl}/advance`, { as: employer, body: { updated_at: r.updated_at } })));
    expect(answers.map((a) => a.status).sort(), JSON.stringify(answers.map((a) => a.body.message))).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.message).toMatch(/changed by someone else/i);
    const moved = answers.find((a) => a.status === 200)!.body;
    expect(moved.plans).toHaveLength(PLANS);
    expect(moved.plans.every((p: { status: string }) => p.status === 'PENDING_REVIEW')).toBe(true);
    const rows = await storedRows();
    expect(rows.filter((row) => row.status === 'PENDING_REVIEW')).toHaveLength(PLANS);
    const { data: stored } = await (await stackDb()).entities.renewal.query.byId({ id: moved.id }).go();
    expect(stored[0].plans_status_pending).toBeUndefined();
  }, 300_000);
});
