import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { KICKOFF_CLAIM_LEASE_MS } from '../../functions/lib/renewals/kickoff';
import type { Fault } from '../../infra/local/faults';
import { api, endpoints } from '../support/api';
import { activate, createUserAsAdmin, emailsTo, uniqueEmail } from '../support/users';
import { ADMIN, created, newCarrier, newCompany, newOrganization } from './hierarchy-support';

/**
 * Renewals through the API on the local stack, as the people who work them: the GA side (an
 * organization admin) and the employer (a company admin), with a verify-only company user reading
 * along and another tenant's people getting 404s. Each test builds on its own tenant.
 */
interface Tenant {
  organizationId: string;
  companyId: string;
  companyCarrierId: string;
  planIds: string[];
  ga: string;
  gaId: string;
  employer: string;
  employerId: string;
  reader: string;
}

async function person(role: string, tenant: Record<string, string>) {
  const email = uniqueEmail(role.toLowerCase());
  const user = await createUserAsAdmin({ email, role, ...tenant });
  await activate(email);
  return { email, id: user.id as string };
}

async function newTenant(): Promise<Tenant> {
  const organization = await newOrganization();
  const company = await newCompany(organization.id);
  const carrier = await newCarrier();
  const companyCarrier = await created(`/api/companies/${company.id}/company_carriers`, { carrier_id: carrier.id, renewal_month: 'JULY' });
  const plans = `/api/companies/${company.id}/company_carriers/${companyCarrier.id}/company_carrier_plans`;
  const medical = await created(plans, { name: 'PPO 500', benefit_type: 'MEDICAL' });
  const dental = await created(plans, { name: 'Dental High', benefit_type: 'DENTAL' });
  await created(plans, { name: 'Vision (not renewing)', benefit_type: 'VISION', disable_renewals: true });
  const ga = await person('ORGANIZATION_ADMIN', { organization_id: organization.id });
  const employer = await person('COMPANY_ADMIN', { organization_id: organization.id, company_id: company.id });
  const reader = await person('COMPANY_USER', { organization_id: organization.id, company_id: company.id });
  return {
    organizationId: organization.id,
    companyId: company.id,
    companyCarrierId: companyCarrier.id,
    planIds: [medical.id, dental.id],
    ga: ga.email,
    gaId: ga.id,
    employer: employer.email,
    employerId: employer.id,
    reader: reader.email,
  };
}

const renewalsOf = (t: Tenant) => `/api/companies/${t.companyId}/renewals`;

async function startRenewal(t: Tenant, year = 2027) {
  const res = await api('POST', renewalsOf(t), { as: t.ga, body: { company_carrier_id: t.companyCarrierId, year, month: 'JULY' } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** A move or patch as someone, expecting `status`; answers the body. */
async function as(who: string, method: string, path: string, body: unknown, status = 200) {
  const res = await api(method, path, { as: who, body });
  expect({ path, status: res.status, body: res.status === status ? undefined : res.body }).toEqual({ path, status, body: undefined });
  return res.body;
}

let t: Tenant;
beforeAll(async () => {
  t = await newTenant();
}, 120_000);

describe('a renewal driven through every step by the people who own each one', () => {
  it('goes from client information to completed, refusing the wrong side and what is not done yet', async () => {
    const renewal = await startRenewal(t);
    expect(renewal).toMatchObject({ step: 'CLIENT_INFORMATION', year: 2027, month: 'JULY', effective_date: '2027-07-01', client_info_status: 'IN_PROGRESS' });
    expect(renewal.plans.map((p: { plan_name: string }) => p.plan_name)).toEqual(['Dental High', 'PPO 500']);
    const url = `${renewalsOf(t)}/${renewal.id}`;

    // The employer fills the client information; the GA cannot move the employer's step.
    let r = await as(t.employer, 'PATCH', url, { enrollment_start_date: '2027-05-01', enrollment_end_date: '2027-05-15', enrollment_type: 'ACTIVE', updated_at: renewal.updated_at });
    expect(r.your_sides).toEqual(['employer']);
    const refused = await api('POST', `${url}/advance`, { as: t.ga, body: { updated_at: r.updated_at } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Client Information is moved on by the employer.');
    r = await as(t.employer, 'POST', `${url}/advance`, { updated_at: r.updated_at });
    expect(r).toMatchObject({ step: 'PLANS_CHECKLIST', client_info_status: 'PENDING_REVIEW' });

    // The checklist needs every plan answered.
    const blocked = await api('POST', `${url}/advance`, { as: t.employer, body: { updated_at: r.updated_at } });
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toMatch(/Answer renewing, rates changing and eligibility changing for 2 plan\(s\)/);
    expect((await api('GET', url, { as: t.employer })).body.step).toBe('PLANS_CHECKLIST');
    for (const plan of r.plans) {
      await as(t.employer, 'PATCH', `${url}/renewal_plans/${plan.id}`, { renewing: true, rates_changing: plan.plan_name === 'PPO 500', eligibility_changing: false, rates_changing_notes: 'Up 4%', updated_at: plan.updated_at });
    }
    r = await as(t.employer, 'POST', `${url}/advance`, { updated_at: (await api('GET', url, { as: t.employer })).body.updated_at });
    expect(r).toMatchObject({ step: 'GA_REVIEW_CLIENT_INFORMATION', plans_checklist_status: 'PENDING_REVIEW' });
    expect(r.plans.every((p: { status: string }) => p.status === 'PENDING_REVIEW')).toBe(true);

    // The GA reviews: not before approving, and the employer cannot approve their own answers.
    expect((await api('POST', `${url}/advance`, { as: t.ga, body: { updated_at: r.updated_at } })).body.message).toBe('Approve the client information first.');
    const selfApproval = await api('PATCH', url, { as: t.employer, body: { client_info_status: 'APPROVED', updated_at: r.updated_at } });
    expect(selfApproval.status).toBe(409);
    expect(selfApproval.body.message).toBe('The client information is reviewed by the GA.');
    r = await as(t.ga, 'PATCH', url, { client_info_status: 'APPROVED', updated_at: r.updated_at });
    r = await as(t.ga, 'POST', `${url}/advance`, { updated_at: r.updated_at });
    expect(r.step).toBe('GA_REVIEW_PLANS_CHECKLIST');

    // Sent back with a note: the checklist reopens for the employer.
    r = await as(t.ga, 'POST', `${url}/send_back`, { updated_at: r.updated_at, note: 'Dental rates are missing the new tier.' });
    expect(r).toMatchObject({ step: 'PLANS_CHECKLIST', plans_checklist_status: 'IN_PROGRESS' });
    expect(r.task.notes[0]).toMatchObject({ step: 'GA_REVIEW_PLANS_CHECKLIST', notes: 'Dental rates are missing the new tier.' });
    r = await as(t.employer, 'POST', `${url}/advance`, { updated_at: r.updated_at });
    r = await as(t.ga, 'POST', `${url}/advance`, { updated_at: r.updated_at });
    expect(r.step).toBe('GA_REVIEW_PLANS_CHECKLIST');
    for (const plan of r.plans) await as(t.ga, 'PATCH', `${url}/renewal_plans/${plan.id}`, { status: 'APPROVED', updated_at: plan.updated_at });
    r = (await api('GET', url, { as: t.ga })).body;
    r = await as(t.ga, 'PATCH', url, { plans_checklist_status: 'APPROVED', updated_at: r.updated_at });
    r = await as(t.ga, 'POST', `${url}/advance`, { updated_at: r.updated_at });
    expect(r.step).toBe('GA_DEMO_ENVIRONMENT');

    // The GA builds the demo; the employer approves it; the GA takes it live and completes it.
    expect((await api('POST', `${url}/advance`, { as: t.ga, body: { updated_at: r.updated_at } })).status).toBe(409);
    r = await as(t.ga, 'PATCH', url, { demo_environment_notes: 'demo.example.com, user demo / see the note', updated_at: r.updated_at });
    r = await as(t.ga, 'POST', `${url}/advance`, { updated_at: r.updated_at });
    expect(r).toMatchObject({ step: 'REVIEW_DEMO_ENVIRONMENT', demo_environment_status: 'PENDING_REVIEW' });
    r = await as(t.employer, 'PATCH', url, { demo_environment_status: 'APPROVED', updated_at: r.updated_at });
    r = await as(t.employer, 'POST', `${url}/advance`, { updated_at: r.updated_at });
    expect(r.step).toBe('LIVE');
    expect(r.go_live_updated_at).toBeTruthy();
    r = await as(t.ga, 'POST', `${url}/advance`, { updated_at: r.updated_at });
    expect(r.step).toBe('COMPLETED');
    expect(r.task.completed_at).toBeTruthy();

    const after = await api('PATCH', url, { as: t.employer, body: { enrollment_type: 'PASSIVE', updated_at: r.updated_at } });
    expect(after.status).toBe(409);
    expect((await api('GET', url, { as: t.ga })).body.enrollment_type).toBe('ACTIVE');
  });

  it("carries last year's answers into this year's renewal", async () => {
    const last = await startRenewal(t, 2028);
    const url = `${renewalsOf(t)}/${last.id}`;
    await as(t.employer, 'PATCH', url, { enrollment_start_date: '2028-05-01', enrollment_end_date: '2028-05-31', enrollment_type: 'PASSIVE', passive_enrollment_enabled: 'BOTH', updated_at: last.updated_at });
    await as(t.employer, 'PATCH', `${url}/renewal_plans/${last.plans[0].id}`, { renewing: false, updated_at: last.plans[0].updated_at });
    const next = await startRenewal(t, 2029);
    expect(next).toMatchObject({ enrollment_start_date: '2029-05-01', enrollment_end_date: '2029-05-31', enrollment_type: 'PASSIVE', passive_enrollment_enabled: 'BOTH' });
    expect(next.plans[0].renewing).toBe(false);
  });

  it('refuses a second renewal of the same carrier and month with 409 and a message', async () => {
    await startRenewal(t, 2030);
    const again = await api('POST', renewalsOf(t), { as: t.ga, body: { company_carrier_id: t.companyCarrierId, year: 2030, month: 'JULY' } });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already has a renewal for July 2030/);
    const list = await api('GET', `${renewalsOf(t)}?year=2030`, { as: t.ga });
    expect(list.body.items).toHaveLength(1);
  });
});

describe('bad input and stale writes change nothing', () => {
  it('names the field of an unknown enum value, dates that end before they start, and takes one of two stale PATCHes', async () => {
    const renewal = await startRenewal(t, 2031);
    const url = `${renewalsOf(t)}/${renewal.id}`;
    const badEnum = await api('PATCH', url, { as: t.employer, body: { enrollment_type: 'SOMETIMES', updated_at: renewal.updated_at } });
    expect(badEnum.status).toBe(400);
    expect(Object.keys(badEnum.body.errors)).toEqual(['enrollment_type']);
    const badDates = await api('PATCH', url, { as: t.employer, body: { enrollment_start_date: '2031-05-10', enrollment_end_date: '2031-05-01', updated_at: renewal.updated_at } });
    expect(badDates.status).toBe(400);
    expect(badDates.body.errors).toEqual({ enrollment_end_date: 'The enrollment end date must not be before its start date.' });
    const badStep = await api('POST', `/api/companies/${t.companyId}/tasks/${renewal.task_id}/assignees`, { as: t.ga, body: { step: 'SOMEDAY', user_id: t.employerId } });
    expect(badStep.status).toBe(400);
    expect(Object.keys(badStep.body.errors)).toEqual(['step']);

    const [a, b] = await Promise.all(
      ['2031-04-01', '2031-04-02'].map((day) => api('PATCH', url, { as: t.employer, body: { enrollment_start_date: day, updated_at: renewal.updated_at } })),
    );
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const now = (await api('GET', url, { as: t.employer })).body;
    expect(now.enrollment_start_date).toBe(a.status === 200 ? '2031-04-01' : '2031-04-02');
  });

  it('lets a verify-only company user read a renewal and nothing more', async () => {
    const renewal = await startRenewal(t, 2032);
    const url = `${renewalsOf(t)}/${renewal.id}`;
    const read = await api('GET', url, { as: t.reader });
    expect(read.status).toBe(200);
    expect(read.body.your_sides).toEqual([]);
    expect((await api('PATCH', url, { as: t.reader, body: { enrollment_type: 'ACTIVE', updated_at: renewal.updated_at } })).status).toBe(404);
    expect((await api('POST', `/api/companies/${t.companyId}/tasks/${renewal.task_id}/task_notes`, { as: t.reader, body: { step: 'CLIENT_INFORMATION', notes: 'hi' } })).status).toBe(404);
    expect((await api('GET', url, { as: t.employer })).body.updated_at).toBe(renewal.updated_at);
  });
});

describe("another tenant's renewal, task, note and file are 404", () => {
  it('through the other company and through the caller’s own', async () => {
    const renewal = await startRenewal(t, 2033);
    const task = `/api/companies/${t.companyId}/tasks/${renewal.task_id}`;
    const note = await as(t.employer, 'POST', `${task}/task_notes`, { step: 'CLIENT_INFORMATION', notes: 'Our census is attached.' }, 201);
    const file = await as(t.employer, 'POST', `${task}/task_files`, { name: 'census.txt', size: 5, step: 'CLIENT_INFORMATION' }, 201);

    const other = await newTenant();
    const own = `/api/companies/${other.companyId}`;
    const probes: Array<[string, string, unknown?]> = [
      ['GET', `${renewalsOf(t)}/${renewal.id}`],
      ['GET', `${own}/renewals/${renewal.id}`],
      ['PATCH', `${own}/renewals/${renewal.id}`, { enrollment_type: 'ACTIVE', updated_at: renewal.updated_at }],
      ['POST', `${own}/renewals/${renewal.id}/advance`, { updated_at: renewal.updated_at }],
      ['GET', `${own}/tasks/${renewal.task_id}/task_notes`],
      ['POST', `${own}/tasks/${renewal.task_id}/task_notes`, { step: 'CLIENT_INFORMATION', notes: 'x' }],
      ['GET', `${own}/tasks/${renewal.task_id}/task_files/${file.id}/download_url`],
      ['POST', `${own}/tasks/${renewal.task_id}/task_files/${file.id}/upload_url`],
      ['DELETE', `${own}/tasks/${renewal.task_id}/task_files/${file.id}`],
      ['POST', `${own}/tasks/${renewal.task_id}/owners`, { user_id: other.employerId }],
    ];
    for (const who of [other.ga, other.employer]) {
      for (const [method, path, body] of probes) {
        const res = await api(method, path, { as: who, body });
        expect({ who, method, path, status: res.status }).toEqual({ who, method, path, status: 404 });
      }
    }
    const notes = (await api('GET', `${task}/task_notes`, { as: t.employer })).body.items;
    expect(notes.map((n: { id: string }) => n.id)).toEqual([note.id]);
    expect((await api('GET', `${renewalsOf(t)}/${renewal.id}`, { as: t.employer })).body.updated_at).toBe(renewal.updated_at);
  }, 120_000);
});

describe('task files: declare, upload, verify, download', () => {
  it('stores an attachment through the three calls and hands it back', async () => {
    const renewal = await startRenewal(t, 2034);
    const task = `/api/companies/${t.companyId}/tasks/${renewal.task_id}`;
    const bytes = Buffer.from('Plan,Rate\nPPO 500,512.40\n');
    const file = await as(t.employer, 'POST', `${task}/task_files`, { name: 'rates.csv', size: bytes.length, step: 'PLANS_CHECKLIST', tag_id: 'PLAN_RATES' }, 201);
    expect(file).toMatchObject({ content_type: 'text/csv', storage_verified: false, tag_description: 'Plan Rates' });
    expect(file.storage_path).toContain(`${t.organizationId}/${t.companyId}/`);
    expect((await api('GET', `${task}/task_files`, { as: t.employer })).body.items).toEqual([]);

    const { url, content_type } = await as(t.employer, 'POST', `${task}/task_files/${file.id}/upload_url`, undefined);
    const put = await fetch(url, { method: 'PUT', headers: { 'content-type': content_type }, body: bytes });
    expect(put.status).toBe(200);
    const verified = await as(t.employer, 'POST', `${task}/task_files/${file.id}/verify_storage`, undefined);
    expect(verified.storage_verified).toBe(true);
    expect((await api('GET', `${task}/task_files?step=PLANS_CHECKLIST`, { as: t.reader })).body.items.map((f: { id: string }) => f.id)).toEqual([file.id]);

    const download = await as(t.reader, 'GET', `${task}/task_files/${file.id}/download_url`, undefined);
    expect(Buffer.from(await (await fetch(download.url)).arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('refuses a wrong type, an 11 MB file and a verify of bytes that never arrived, storing nothing', async () => {
    const renewal = await startRenewal(t, 2035);
    const task = `/api/companies/${t.companyId}/tasks/${renewal.task_id}`;
    const exe = await api('POST', `${task}/task_files`, { as: t.employer, body: { name: 'setup.exe', size: 100, step: 'CLIENT_INFORMATION' } });
    expect(exe.status).toBe(400);
    expect(exe.body.message).toBe('The file setup.exe is not a type that can be attached. Attach a spreadsheet, PDF, Word document, text, CSV, XML or image file.');
    const big = await api('POST', `${task}/task_files`, { as: t.employer, body: { name: 'scan.pdf', size: 11 * 1024 * 1024, step: 'CLIENT_INFORMATION' } });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('The file scan.pdf is larger than 10 MB (10485760 bytes).');

    const never = await as(t.employer, 'POST', `${task}/task_files`, { name: 'never.pdf', size: 10, step: 'CLIENT_INFORMATION' }, 201);
    const verify = await api('POST', `${task}/task_files/${never.id}/verify_storage`, { as: t.employer });
    expect(verify.status).toBe(409);
    expect(verify.body.message).toBe('No file arrived in storage for never.pdf. Upload it again.');
    expect((await api('GET', `${task}/task_files`, { as: t.employer })).body.items).toEqual([]);
    expect((await api('GET', `${renewalsOf(t)}/${renewal.id}`, { as: t.employer })).body.task.files).toEqual([]);
  });
});

describe('people and e-mails of a renewal task', () => {
  it('assigning, noting and completing e-mail the right people', async () => {
    const renewal = await startRenewal(t, 2036);
    const task = `/api/companies/${t.companyId}/tasks/${renewal.task_id}`;
    await as(t.ga, 'POST', `${task}/owners`, { user_id: t.gaId }, 201);
    expect((await api('POST', `${task}/owners`, { as: t.ga, body: { user_id: t.gaId } })).status).toBe(409);
    const stranger = await api('POST', `${task}/owners`, { as: t.ga, body: { user_id: '00000000-0000-4000-8000-000000000000' } });
    expect(stranger.status).toBe(400);

    const employerEmail = (await api('GET', '/api/me', { as: t.employer })).body.email;
    const gaEmail = (await api('GET', '/api/me', { as: t.ga })).body.email;
    const assignee = await as(t.ga, 'POST', `${task}/assignees`, { step: 'CLIENT_INFORMATION', user_id: t.employerId }, 201);
    expect(assignee.user.id).toBe(t.employerId);
    const assignment = (await emailsTo(employerEmail)).filter((e) => e.subject.includes('You are assigned'));
    expect(assignment).toHaveLength(1);
    expect(assignment[0].body.text).toContain(`/companies/${t.companyId}/renewals/${renewal.id}`);

    await as(t.employer, 'POST', `${task}/task_notes`, { step: 'CLIENT_INFORMATION', notes: 'Open enrollment runs in May. Her SSN is 123-45-6789.', tag_id: 'TASK_NOTE' }, 201);
    const noteMails = (await emailsTo(gaEmail)).filter((e) => e.subject.startsWith('New note'));
    expect(noteMails).toHaveLength(1);
    // That a note was added, by whom, with the link; its text stays on the platform.
    expect(noteMails[0].body.text).toContain('added a note to the step "Client Information"');
    expect(noteMails[0].body.text).toContain(`/companies/${t.companyId}/renewals/${renewal.id}`);
    expect(noteMails[0].body.text).not.toContain('Open enrollment');
    expect(noteMails[0].body.text).not.toContain('6789');
    expect((await emailsTo(employerEmail)).filter((e) => e.subject.startsWith('New note'))).toHaveLength(0);

    const done = await as(t.employer, 'POST', `${task}/assignees/${assignee.id}/complete`, undefined);
    expect(done.completed_by).toMatchObject({ id: t.employerId });
    expect((await api('POST', `${task}/assignees/${assignee.id}/complete`, { as: t.employer })).status).toBe(409);
    expect((await emailsTo(gaEmail)).filter((e) => e.subject.includes('completed'))).toHaveLength(1);
  });
});

describe('renewal lists', () => {
  it('list a company’s renewals with filters, and the organization’s for its report readers only', async () => {
    const list = await api('GET', `${renewalsOf(t)}?state=open&limit=2`, { as: t.employer });
    expect(list.status).toBe(200);
    expect(list.body.items.length).toBeLessThanOrEqual(2);
    expect(list.body.items.every((r: { step: string }) => r.step !== 'COMPLETED')).toBe(true);
    const org = await api('GET', `/api/organizations/${t.organizationId}/renewals?year=2027`, { as: t.ga });
    expect(org.body.items.map((r: { year: number }) => r.year)).toEqual([2027]);
    expect(org.body.items[0]).toMatchObject({ company_id: t.companyId, carrier_name: expect.any(String) });
    expect((await api('GET', `/api/admin/renewals?company_id=${t.companyId}&year=2027`, { as: ADMIN })).body.items).toHaveLength(1);
    const approved = (await api('GET', `${renewalsOf(t)}?status=APPROVED&limit=100`, { as: t.employer })).body.items;
    expect(approved.length).toBeGreaterThan(0);
    expect(approved.every((r: Record<string, string>) => [r.client_info_status, r.plans_checklist_status, r.demo_environment_status].includes('APPROVED'))).toBe(true);
    expect((await api('GET', `${renewalsOf(t)}?status=DONE`, { as: t.employer })).status).toBe(400);
  });
});

describe('the daily renewal kickoff', () => {
  it('creates exactly the due renewals and e-mails once, skipping disabled and inactive carriers; a repeat or a catch-up sends nothing', async () => {
    const k = await newTenant();
    const company = (await api('GET', `/api/companies/${k.companyId}`, { as: ADMIN })).body;
    await as(ADMIN, 'PATCH', `/api/organizations/${k.organizationId}/companies/${k.companyId}`, { renewal_contact_user_id: k.employerId, updated_at: company.updated_at });
    // k's own carrier renews in July; these four renew in January (kicked off 60 days before, in November) or March.
    const carriers = `/api/companies/${k.companyId}/company_carriers`;
    const carrierFor = async (fields: Record<string, unknown>, plan: Record<string, unknown> = {}) => {
      const cc = await created(carriers, { carrier_id: (await newCarrier()).id, renewal_kickoff_days_in_advance: 60, ga_eligibility_contact_user_id: k.gaId, ...fields });
      await created(`${carriers}/${cc.id}/company_carrier_plans`, { name: 'Base plan', benefit_type: 'MEDICAL', ...plan });
      return cc;
    };
    const due = await carrierFor({ renewal_month: 'JANUARY' });
    await carrierFor({ renewal_month: 'JANUARY', disable_renewals: true });
    await carrierFor({ renewal_month: 'JANUARY' }, { disable_renewals: true });
    const gone = await carrierFor({ renewal_month: 'JANUARY' });
    expect((await api('DELETE', `${carriers}/${gone.id}`, { as: ADMIN })).status).toBeLessThan(300);
    await carrierFor({ renewal_month: 'MARCH' });

    const employerEmail = (await api('GET', '/api/me', { as: k.employer })).body.email;
    const gaEmail = (await api('GET', '/api/me', { as: k.ga })).body.email;
    const kickoffs = async (email: string) => (await emailsTo(email)).filter((e) => e.subject.includes('renewal of') && e.subject.includes('has started'));

    const first = await as(ADMIN, 'POST', '/api/admin/renewals/kickoff', { date: '2026-11-02' });
    expect(first.date).toBe('2026-11-02');
    const renewals = (await api('GET', renewalsOf(k), { as: k.ga })).body.items;
    expect(renewals.map((r: { company_carrier_id: string; year: number; month: string }) => [r.company_carrier_id, r.year, r.month])).toEqual([[due.id, 2027, 'JANUARY']]);
    const renewal = (await api('GET', `${renewalsOf(k)}/${renewals[0].id}`, { as: k.ga })).body;
    expect(renewal.plans.map((p: { plan_name: string }) => p.plan_name)).toEqual(['Base plan']);
    expect(await kickoffs(employerEmail)).toHaveLength(1);
    expect(await kickoffs(gaEmail)).toHaveLength(1);
    expect((await kickoffs(employerEmail))[0].body.text).toContain('renew on 2027-01-01');

    await as(ADMIN, 'POST', '/api/admin/renewals/kickoff', { date: '2026-11-02' });
    await as(ADMIN, 'POST', '/api/admin/renewals/kickoff', { date: '2026-11-20' });
    expect((await api('GET', renewalsOf(k), { as: k.ga })).body.items).toHaveLength(1);
    expect(await kickoffs(employerEmail)).toHaveLength(1);

    const resent = await as(k.ga, 'POST', `${renewalsOf(k)}/${renewal.id}/resend_kickoff`, undefined);
    expect(resent).toMatchObject({ resent_kickoff_counter: 1, last_resent_kickoff_at: expect.any(String) });
    expect(await kickoffs(employerEmail)).toHaveLength(2);
    expect((await api('POST', `${renewalsOf(k)}/${renewal.id}/resend_kickoff`, { as: k.employer })).status).toBe(404);
    expect((await api('POST', '/api/admin/renewals/kickoff', { as: k.ga, body: {} })).status).toBe(404);
    expect((await api('POST', '/api/admin/renewals/kickoff', { as: ADMIN, body: { date: 'tomorrow' } })).status).toBe(400);
  }, 120_000);
});

describe('the kickoff e-mail goes at least once, never twice', () => {
  /** A tenant whose one carrier renews in January (kicked off 60 days before), its renewal contact and GA contact set. */
  async function dueTenant() {
    const k = await newTenant();
    const company = (await api('GET', `/api/companies/${k.companyId}`, { as: ADMIN })).body;
    await as(ADMIN, 'PATCH', `/api/organizations/${k.organizationId}/companies/${k.companyId}`, { renewal_contact_user_id: k.employerId, updated_at: company.updated_at });
    const carriers = `/api/companies/${k.companyId}/company_carriers`;
    // Due only once every other due renewal of the stack has had its e-mail, so a refused send is this one's.
    const cc = await created(carriers, { carrier_id: (await newCarrier()).id, renewal_month: 'JANUARY', renewal_kickoff_days_in_advance: 60, ga_eligibility_contact_user_id: k.gaId, disable_renewals: true });
    await created(`${carriers}/${cc.id}/company_carrier_plans`, { name: 'Base plan', benefit_type: 'MEDICAL' });
    await kickoff();
    await as(ADMIN, 'PATCH', `${carriers}/${cc.id}`, { disable_renewals: false, updated_at: cc.updated_at });
    const emailOf = async (who: string) => (await api('GET', '/api/me', { as: who })).body.email as string;
    const kickoffsTo = async (who: string) => (await emailsTo(await emailOf(who))).filter((e) => e.subject.includes('renewal of') && e.subject.includes('has started'));
    const renewal = async () => {
      const [first] = (await api('GET', renewalsOf(k), { as: k.ga })).body.items;
      return (await api('GET', `${renewalsOf(k)}/${first.id}`, { as: k.ga })).body;
    };
    return { k, kickoffsTo, renewal };
  }
  const kickoff = (date = '2026-11-02') => as(ADMIN, 'POST', '/api/admin/renewals/kickoff', { date });

  function refuseEmail(fault: { after_sends?: number } = {}) {
    const file = path.join(inject('stackDataDir'), 'faults.json');
    const faults = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Fault[]) : [];
    fs.writeFileSync(file, JSON.stringify([...faults, { task: 'SendEmail', kind: 'fail', ...fault }]));
  }

  it('four kickoffs at once send each recipient one e-mail', async () => {
    const { k, kickoffsTo, renewal } = await dueTenant();

    const runs = await Promise.all([kickoff(), kickoff(), kickoff(), kickoff()]);

    expect(await kickoffsTo(k.employer)).toHaveLength(1);
    expect(await kickoffsTo(k.ga)).toHaveLength(1);
    expect(runs.reduce((n, r) => n + r.emails_failed, 0)).toBe(0);
    expect((await renewal()).kickoff_email_error).toBeNull();
  }, 120_000);

  it('SES refusing the e-mail shows on the renewal; the next run sends it, once', async () => {
    const { k, kickoffsTo, renewal } = await dueTenant();
    refuseEmail();

    const failed = await kickoff();

    expect(failed.emails_failed).toBeGreaterThanOrEqual(1);
    expect(await kickoffsTo(k.employer)).toHaveLength(0);
    expect((await renewal()).kickoff_email_error).toMatch(/^kickoff e-mail not sent: the e-mail service answered MessageRejected\./);

    await kickoff();

    expect(await kickoffsTo(k.employer)).toHaveLength(1);
    expect(await kickoffsTo(k.ga)).toHaveLength(1);
    expect((await renewal()).kickoff_email_error).toBeNull();

    await kickoff();
    expect(await kickoffsTo(k.employer)).toHaveLength(1);
    expect(await kickoffsTo(k.ga)).toHaveLength(1);
  }, 120_000);

  it('a claim held by a run within its lease is left alone; one older than the lease (its run died) is taken and sent', async () => {
    const { k, kickoffsTo, renewal } = await dueTenant();
    refuseEmail();
    await kickoff();
    const { id } = await renewal();
    const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: endpoints().dynamodb, region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } }));
    const { Items = [] } = await ddb.send(
      new ScanCommand({ TableName: 'dvp-local', FilterExpression: 'id = :id AND #e = :e', ExpressionAttributeNames: { '#e': '__edb_e__' }, ExpressionAttributeValues: { ':id': id, ':e': 'renewal' } }),
    );
    // As a run left it that claimed the e-mail at `at` and then died.
    const claimedAt = (at: number) =>
      ddb.send(
        new UpdateCommand({
          TableName: 'dvp-local',
          Key: { pk: Items[0].pk, sk: Items[0].sk },
          UpdateExpression: 'SET kickoff_claim_id = :c, kickoff_claimed_at = :t',
          ExpressionAttributeValues: { ':c': crypto.randomUUID(), ':t': new Date(at).toISOString() },
        }),
      );

    await claimedAt(Date.now());
    await kickoff();
    expect(await kickoffsTo(k.employer)).toHaveLength(0);

    await claimedAt(Date.now() - KICKOFF_CLAIM_LEASE_MS - 1000);
    await kickoff();
    expect(await kickoffsTo(k.employer)).toHaveLength(1);
    expect(await kickoffsTo(k.ga)).toHaveLength(1);
    expect((await renewal()).kickoff_email_error).toBeNull();
  }, 120_000);

  it('refused half-way, the next run sends only to those who did not get it', async () => {
    const { k, kickoffsTo, renewal } = await dueTenant();
    // The renewal contact is sent to first, then the GA contact: the second send is refused.
    refuseEmail({ after_sends: 1 });

    const halfWay = await kickoff();

    expect(halfWay).toMatchObject({ emails_sent: 1, emails_failed: 1 });
    expect(await kickoffsTo(k.employer)).toHaveLength(1);
    expect(await kickoffsTo(k.ga)).toHaveLength(0);
    expect((await renewal()).kickoff_email_error).toMatch(/^kickoff e-mail not sent: /);

    await kickoff();

    expect(await kickoffsTo(k.employer)).toHaveLength(1);
    expect(await kickoffsTo(k.ga)).toHaveLength(1);
    expect((await renewal()).kickoff_email_error).toBeNull();
  }, 120_000);
});

describe('the demo', () => {
  it('has a renewal in progress with a note and an attached file', async () => {
    const me = (await api('GET', '/api/me', { as: 'company-admin@demo.example' })).body;
    const list = (await api('GET', `/api/companies/${me.company_id}/renewals?state=open&limit=100`, { as: 'company-admin@demo.example' })).body.items;
    const inProgress = list.find((r: { step: string }) => r.step === 'PLANS_CHECKLIST');
    expect(inProgress).toBeDefined();
    const renewal = (await api('GET', `/api/companies/${me.company_id}/renewals/${inProgress.id}`, { as: 'company-admin@demo.example' })).body;
    expect(renewal.task.notes.length).toBeGreaterThan(0);
    expect(renewal.task.files.map((f: { name: string }) => f.name)).toEqual(['renewal-rates.csv']);
    const link = await api('GET', `/api/companies/${me.company_id}/tasks/${renewal.task.id}/task_files/${renewal.task.files[0].id}/download_url`, { as: 'company-admin@demo.example' });
    expect(await (await fetch(link.body.url)).text()).toContain('PPO 1000');
  });
});
