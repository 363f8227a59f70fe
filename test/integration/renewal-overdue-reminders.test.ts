import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api';
import { activate, createUserAsAdmin, emailsTo, uniqueEmail } from '../support/users';
import { ADMIN, created, newCarrier, newCompany, newOrganization } from './hierarchy-support';

/**
 * The daily reminder of late renewal steps, run through POST /api/admin/renewals/overdue_reminders
 * for a chosen day on the local stack, read back from the local SES's mail store. The renewals are
 * for months of 2020, which no other test uses, so a run for a day of 2020 reminds only these.
 */
async function person(role: string, tenant: Record<string, string>, email = uniqueEmail(role.toLowerCase())) {
  const user = await createUserAsAdmin({ email, role, first_name: 'Pat', last_name: role.toLowerCase(), ...tenant });
  return { email, id: user.id as string };
}

async function tenant() {
  const organization = await newOrganization({ plan: 'DVP_PLATINUM_ELITE' });
  const company = await newCompany(organization.id);
  const ga = await person('ORGANIZATION_ADMIN', { organization_id: organization.id });
  await activate(ga.email);
  const employer = await person('COMPANY_ADMIN', { organization_id: organization.id, company_id: company.id });
  await activate(employer.email);
  return { organizationId: organization.id, companyId: company.id, ga, employer };
}

type Tenant = Awaited<ReturnType<typeof tenant>>;

/** A renewal of a carrier of its own, for `month` 2020 (due on its first day), started by the GA. */
async function renewal(t: Tenant, month: string, carrierName = `Carrier ${randomUUID().slice(0, 8)}`) {
  const carrier = await newCarrier(carrierName);
  const companyCarrier = await created(`/api/companies/${t.companyId}/company_carriers`, { carrier_id: carrier.id, renewal_month: month });
  const res = await api('POST', `/api/companies/${t.companyId}/renewals`, { as: t.ga.email, body: { company_carrier_id: companyCarrier.id, year: 2020, month } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { ...(res.body as { id: string; task_id: string; updated_at: string }), carrierName };
}

async function post(t: Tenant, path: string, body: unknown) {
  const res = await api('POST', `/api/companies/${t.companyId}${path}`, { as: t.ga.email, body });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body;
}

const run = async (date: string) => {
  const res = await api('POST', '/api/admin/renewals/overdue_reminders', { as: ADMIN, body: { date } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { date: string; late_steps: number; reminded: number; emails_sent: number };
};

/** The late-step reminders an address received about the carrier named. */
const reminders = async (email: string, carrierName: string) => (await emailsTo(email)).filter((e) => e.subject.startsWith('Late:') && e.subject.includes(carrierName));

describe('reminders of late renewal steps', () => {
  let t: Tenant;
  beforeAll(async () => {
    t = await tenant();
  }, 120_000);

  it('a step due yesterday e-mails each owner and assignee once that day, not an assignee done with their part, nor a bounced address', async () => {
    const late = await renewal(t, 'MARCH');
    const helper = await person('ORGANIZATION_ADMIN', { organization_id: t.organizationId });
    await activate(helper.email);
    // Their invitation bounced: the address is on the suppression list.
    const bounced = await person('ORGANIZATION_ADMIN', { organization_id: t.organizationId }, `bounce+${randomUUID()}@simulator.amazonses.com`);
    const tasks = `/tasks/${late.task_id}`;
    await post(t, `${tasks}/owners`, { user_id: t.ga.id });
    await post(t, `${tasks}/owners`, { user_id: bounced.id });
    await post(t, `${tasks}/assignees`, { step: 'CLIENT_INFORMATION', user_id: t.employer.id });
    const done = await post(t, `${tasks}/assignees`, { step: 'CLIENT_INFORMATION', user_id: helper.id });
    await post(t, `${tasks}/assignees/${done.id}/complete`, undefined);
    // Assigned to a later step: not late yet.
    await post(t, `${tasks}/assignees`, { step: 'GA_DEMO_ENVIRONMENT', user_id: helper.id });

    // Not yet late on its due day.
    await run('2020-03-01');
    expect(await reminders(t.ga.email, late.carrierName)).toHaveLength(0);

    // Two runs at once, then a third, the day after: one reminder each.
    await Promise.all([run('2020-03-02'), run('2020-03-02')]);
    await run('2020-03-02');
    const toGa = await reminders(t.ga.email, late.carrierName);
    const toEmployer = await reminders(t.employer.email, late.carrierName);
    expect(toGa).toHaveLength(1);
    expect(toEmployer).toHaveLength(1);
    expect(await reminders(helper.email, late.carrierName)).toHaveLength(0);
    expect(await reminders(bounced.email, late.carrierName)).toHaveLength(0);

    const text = toEmployer[0].body.text ?? '';
    expect(text).toContain('Hello Pat company_admin');
    expect(text).toContain('"Client Information"');
    expect(text).toContain('was due on 2020-03-01');
    expect(text).toContain('(1 day late)');
    expect(text).toMatch(new RegExp(`https?://[^\\s]+/companies/${t.companyId}/renewals/${late.id}`));

    // The next day it is still late: one more reminder each.
    await run('2020-03-03');
    expect(await reminders(t.ga.email, late.carrierName)).toHaveLength(2);
    expect((await reminders(t.employer.email, late.carrierName))[1].body.text).toContain('(2 days late)');
  });

  it('a closed renewal reminds nobody, while one still open that month does', async () => {
    const closed = await renewal(t, 'JUNE');
    const open = await renewal(t, 'JUNE');
    for (const r of [closed, open]) {
      await post(t, `/tasks/${r.task_id}/owners`, { user_id: t.ga.id });
      await post(t, `/tasks/${r.task_id}/assignees`, { step: 'CLIENT_INFORMATION', user_id: t.employer.id });
    }
    await post(t, `/renewals/${closed.id}/close`, { updated_at: closed.updated_at });

    await run('2020-06-10');
    expect(await reminders(t.ga.email, closed.carrierName)).toHaveLength(0);
    expect(await reminders(t.employer.email, closed.carrierName)).toHaveLength(0);
    expect(await reminders(t.ga.email, open.carrierName)).toHaveLength(1);
    expect(await reminders(t.employer.email, open.carrierName)).toHaveLength(1);
  });

  it('is refused to anyone but the DMS Admin (404) and a date that is not a day (400)', async () => {
    expect((await api('POST', '/api/admin/renewals/overdue_reminders', { as: t.ga.email, body: {} })).status).toBe(404);
    expect((await api('POST', '/api/admin/renewals/overdue_reminders', { as: ADMIN, body: { date: 'yesterday' } })).status).toBe(400);
  });
});

describe('the late-step reminder template', () => {
  it('is listed with its default text and placeholders, and an organization text replaces it', async () => {
    const t = await tenant();
    const templates = `/api/organizations/${t.organizationId}/email_templates`;
    const listed = await api('GET', templates, { as: t.ga.email });
    expect(listed.status).toBe(200);
    const row = listed.body.items.find((i: { email_type: string }) => i.email_type === 'RENEWAL_STEP_OVERDUE');
    expect(row).toMatchObject({ label: 'Renewal Step Overdue', source: expect.stringMatching(/DEFAULT|PLATFORM/), customized: false });
    expect(row.body).toContain('{{step_name}}');
    expect(row.placeholders).toEqual(expect.arrayContaining(['recipient_name', 'step_name', 'due_date', 'days_late', 'renewal_url']));

    const put = await api('PUT', `${templates}/RENEWAL_STEP_OVERDUE`, {
      as: t.ga.email,
      body: { subject: 'Late: {{carrier_name}} needs you', body: 'Dear {{recipient_name}}, {{step_name}} is {{days_late}} late: {{renewal_url}}' },
    });
    expect(put.status, JSON.stringify(put.body)).toBeLessThan(300);

    const late = await renewal(t, 'SEPTEMBER');
    await post(t, `/tasks/${late.task_id}/owners`, { user_id: t.ga.id });
    await run('2020-09-05');
    const mails = await reminders(t.ga.email, late.carrierName);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Late: ${late.carrierName} needs you`);
    expect(mails[0].body.text).toMatch(new RegExp(`^Dear Pat organization_admin, Client Information is 4 days late: https?://\\S+/companies/${t.companyId}/renewals/${late.id}$`));
  });
});

describe('overdue renewals in the organization stats', () => {
  it('count the renewals whose step is past its due date, until they are closed', async () => {
    const t = await tenant();
    const stats = async () => (await api('GET', `/api/organizations/${t.organizationId}/stats`, { as: t.ga.email })).body as { renewals_due: number; renewals_overdue: number };
    expect(await stats()).toMatchObject({ renewals_due: 0, renewals_overdue: 0 });

    const late = await renewal(t, 'FEBRUARY');
    const carrier = await newCarrier();
    const companyCarrier = await created(`/api/companies/${t.companyId}/company_carriers`, { carrier_id: carrier.id, renewal_month: 'FEBRUARY' });
    const ahead = await api('POST', `/api/companies/${t.companyId}/renewals`, { as: t.ga.email, body: { company_carrier_id: companyCarrier.id, year: new Date().getUTCFullYear() + 2, month: 'FEBRUARY' } });
    expect(ahead.status).toBe(201);
    expect(await stats()).toMatchObject({ renewals_due: 2, renewals_overdue: 1 });

    await post(t, `/renewals/${late.id}/close`, { updated_at: late.updated_at });
    expect(await stats()).toMatchObject({ renewals_due: 1, renewals_overdue: 0 });
    const admin = (await api('GET', '/api/admin/organizations/stats', { as: ADMIN })).body;
    expect(admin.items.find((i: { organization_id: string }) => i.organization_id === t.organizationId)).toMatchObject({ renewals_overdue: 0 });
    expect(admin.totals.renewals_overdue).toEqual(expect.any(Number));
  });
});
