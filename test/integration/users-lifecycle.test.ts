import { beforeAll, describe, expect, it } from 'vitest';
import { comparerLimitMessage } from '../../shared/permissions/actions';
import { api } from '../support/api';
import { activate, cognitoUser, createUserAsAdmin, demoIds, emailsTo, recordExists, uniqueEmail, type DemoIds } from '../support/users';

const ADMIN = 'admin@demo.example';
const ORG_ADMIN = 'org-admin@demo.example';

let ids: DemoIds;
beforeAll(async () => {
  ids = await demoIds();
});

describe('nobody changes their own role', () => {
  it.each([
    ['org-admin@demo.example', 'organization', 'ORGANIZATION_USER'],
    ['company-admin@demo.example', 'company', 'COMPANY_USER'],
    ['admin@demo.example', 'admin', 'ADMIN_COMPARER'],
  ])('%s is refused, and keeps their role', async (email, family, role) => {
    const me = (await api('GET', '/api/me', { as: email })).body;
    const base = { admin: '/api/admin/users', organization: `/api/organizations/${ids.org1}/users`, company: `/api/companies/${ids.company1}/users` }[family];

    const res = await api('PATCH', `${base}/${me.id}`, { as: email, body: { role, updated_at: me.updated_at } });
    const after = (await api('GET', '/api/me', { as: email })).body;

    expect(res.status).toBe(400);
    expect(res.body.errors.role).toBe('You cannot change your own role.');
    expect(after.role).toBe(me.role);
  });

  it('an organization admin cannot move themselves to another organization', async () => {
    const me = (await api('GET', '/api/me', { as: ORG_ADMIN })).body;
    const res = await api('PATCH', `/api/organizations/${ids.org1}/users/${me.id}`, {
      as: ORG_ADMIN,
      body: { organization_id: ids.org2, updated_at: me.updated_at },
    });
    expect(res.status).toBe(400);
    expect((await api('GET', '/api/me', { as: ORG_ADMIN })).body.organization_id).toBe(ids.org1);
  });
});

describe('the organization comparer limit', () => {
  it('refuses a comparer beyond admin_comparer_limit on create, promotion and enable; a disabled comparer frees the seat', async () => {
    // org2 has a limit of 1 and no comparer in the demo.
    const first = await createUserAsAdmin({ email: uniqueEmail('cmp1'), role: 'ORGANIZATION_COMPARER', organization_id: ids.org2 });
    const secondEmail = uniqueEmail('cmp2');
    const second = await api('POST', '/api/admin/users', {
      as: ADMIN,
      body: { email: secondEmail, first_name: 'C', last_name: 'Two', role: 'ORGANIZATION_COMPARER', organization_id: ids.org2 },
    });
    const other = await createUserAsAdmin({ email: uniqueEmail('cmp3'), role: 'ORGANIZATION_USER', organization_id: ids.org2 });
    const promote = await api('PATCH', `/api/admin/users/${other.id}`, {
      as: ADMIN,
      body: { role: 'ORGANIZATION_COMPARER', updated_at: other.updated_at },
    });

    expect(second.status).toBe(400);
    expect(second.body.message).toBe(comparerLimitMessage(1));
    expect(await cognitoUser(secondEmail)).toBeNull();
    expect(promote.status).toBe(400);
    expect(promote.body.message).toBe(comparerLimitMessage(1));

    const disabled = await api('POST', `/api/admin/users/${first.id}/disable`, { as: ADMIN });
    const promoted = await api('PATCH', `/api/admin/users/${other.id}`, {
      as: ADMIN,
      body: { role: 'ORGANIZATION_COMPARER', updated_at: other.updated_at },
    });
    const reenable = await api('POST', `/api/admin/users/${first.id}/enable`, { as: ADMIN });

    expect(disabled.status).toBe(200);
    expect(promoted.status).toBe(200);
    expect(reenable.status).toBe(400);
    expect(reenable.body.message).toBe(comparerLimitMessage(1));
  });
});

describe('disable and enable', () => {
  it("refuses the disabled user's next API call and lets them back in once enabled", async () => {
    const email = uniqueEmail('disable');
    const user = await createUserAsAdmin({ email, role: 'ORGANIZATION_USER', organization_id: ids.org1 });
    await activate(email);
    const before = await api('GET', '/api/me', { as: email });

    const disabled = await api('POST', `/api/organizations/${ids.org1}/users/${user.id}/disable`, { as: ORG_ADMIN });
    const refused = await api('GET', '/api/me', { as: email });
    const account = await cognitoUser(email);
    const enabled = await api('POST', `/api/organizations/${ids.org1}/users/${user.id}/enable`, { as: ORG_ADMIN });
    const back = await api('GET', '/api/me', { as: email });

    expect(before.status).toBe(200);
    expect(disabled.status).toBe(200);
    expect(disabled.body.disabled).toBe(true);
    expect([401, 403]).toContain(refused.status);
    expect(account!.enabled).toBe(false);
    expect(enabled.body.disabled).toBe(false);
    expect(back.status).toBe(200);
    expect((await cognitoUser(email))!.enabled).toBe(true);
  });

  it('does not let a user disable themselves', async () => {
    const me = (await api('GET', '/api/me', { as: ORG_ADMIN })).body;
    const res = await api('POST', `/api/organizations/${ids.org1}/users/${me.id}/disable`, { as: ORG_ADMIN });
    expect(res.status).toBe(400);
    expect((await api('GET', '/api/me', { as: ORG_ADMIN })).status).toBe(200);
  });
});

describe('editing a user', () => {
  it('refuses a PATCH carrying a stale updated_at with 409 and keeps the first write', async () => {
    const user = await createUserAsAdmin({ email: uniqueEmail('stale'), role: 'ORGANIZATION_USER', organization_id: ids.org1 });
    const path = `/api/organizations/${ids.org1}/users/${user.id}`;

    const first = await api('PATCH', path, { as: ORG_ADMIN, body: { last_name: 'First', job_title: 'Analyst', updated_at: user.updated_at } });
    const stale = await api('PATCH', path, { as: ORG_ADMIN, body: { last_name: 'Second', updated_at: user.updated_at } });
    const after = (await api('GET', path, { as: ORG_ADMIN })).body;

    expect(first.status).toBe(200);
    expect(first.body.updated_by_user_id).toBe((await api('GET', '/api/me', { as: ORG_ADMIN })).body.id);
    expect(stale.status).toBe(409);
    expect(after).toMatchObject({ last_name: 'First', job_title: 'Analyst' });
  });

  it('refuses unknown fields by name', async () => {
    const user = await createUserAsAdmin({ email: uniqueEmail('strict'), role: 'ADMIN_COMPARER' });
    const res = await api('PATCH', `/api/admin/users/${user.id}`, {
      as: ADMIN,
      body: { email: 'new@test.example', disabled: true, updated_at: user.updated_at },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({ email: 'This field cannot be set here', disabled: 'This field cannot be set here' });
  });
});

describe('invitations, MFA and deletion', () => {
  it('resends the invitation with a new temporary password while the user has not signed in, and refuses afterwards', async () => {
    const email = uniqueEmail('resend');
    const user = await createUserAsAdmin({ email, role: 'COMPANY_USER', company_id: ids.company1 });

    const resent = await api('POST', `/api/companies/${ids.company1}/users/${user.id}/resend_invitation`, { as: 'company-admin@demo.example' });
    const mails = await emailsTo(email);
    await activate(email);
    const again = await api('POST', `/api/companies/${ids.company1}/users/${user.id}/resend_invitation`, { as: 'company-admin@demo.example' });

    expect(resent.status).toBe(200);
    expect(resent.body.status).toBe('FORCE_CHANGE_PASSWORD');
    expect(mails).toHaveLength(2);
    const password = (text?: string) => /Temporary password: (\S+)/.exec(text ?? '')?.[1];
    expect(password(mails[1].body.text)).not.toBe(password(mails[0].body.text));
    expect(again.status).toBe(400);
  });

  it('resets MFA (nothing to reset for a user without MFA) and shows the account', async () => {
    const user = await createUserAsAdmin({ email: uniqueEmail('mfa'), role: 'ADMIN_COMPARER' });
    const res = await api('POST', `/api/admin/users/${user.id}/reset_mfa`, { as: ADMIN });
    expect(res.status).toBe(200);
    expect(res.body.mfa_enabled).toBe(false);
  });

  it('deletes the record and the Cognito account, and refuses deleting oneself', async () => {
    const email = uniqueEmail('delete');
    const user = await createUserAsAdmin({ email, role: 'ORGANIZATION_USER', organization_id: ids.org1 });
    const me = (await api('GET', '/api/me', { as: ORG_ADMIN })).body;

    const res = await api('DELETE', `/api/organizations/${ids.org1}/users/${user.id}`, { as: ORG_ADMIN });
    const self = await api('DELETE', `/api/organizations/${ids.org1}/users/${me.id}`, { as: ORG_ADMIN });

    expect(res.status).toBe(204);
    expect((await api('GET', `/api/admin/users/${user.id}`, { as: ADMIN })).status).toBe(404);
    expect(await cognitoUser(email)).toBeNull();
    expect(await recordExists(email)).toBe(false);
    expect(self.status).toBe(400);
  });
});

describe('user reads of a tenant', () => {
  it('lists organization users with company and role filters', async () => {
    const companyUser = await createUserAsAdmin({ email: uniqueEmail('filter'), role: 'COMPANY_ADMIN', company_id: ids.company2 });

    const all = await api('GET', `/api/organizations/${ids.org1}/users?limit=1000`, { as: ORG_ADMIN });
    const ofCompany = await api('GET', `/api/organizations/${ids.org1}/users?company_id=${ids.company2}`, { as: ORG_ADMIN });
    const admins = await api('GET', `/api/organizations/${ids.org1}/users?roles=ORGANIZATION_ADMIN,ORGANIZATION_COMPARER`, { as: ORG_ADMIN });

    expect(all.body.items.every((u: { organization_id: string }) => u.organization_id === ids.org1)).toBe(true);
    expect(ofCompany.body.items.map((u: { id: string }) => u.id)).toContain(companyUser.id);
    expect(ofCompany.body.items.every((u: { company_id: string }) => u.company_id === ids.company2)).toBe(true);
    expect(admins.body.items.map((u: { email: string }) => u.email)).toEqual(
      expect.arrayContaining(['org-admin@demo.example', 'org-comparer@demo.example']),
    );
    expect(admins.body.items.every((u: { role: string }) => ['ORGANIZATION_ADMIN', 'ORGANIZATION_COMPARER'].includes(u.role))).toBe(true);
  });

  it('lists company users, agency users and the agency users of an organization', async () => {
    const company = await api('GET', `/api/companies/${ids.company1}/users`, { as: 'company-user@demo.example' });
    const agency = await api('GET', `/api/agencies/${ids.agency}/users`, { as: 'agency-admin@demo.example' });
    const agencyUsers = await api('GET', `/api/organizations/${ids.org1}/agency_users`, { as: ORG_ADMIN });
    const none = await api('GET', `/api/organizations/${ids.org2}/agency_users`, { as: ADMIN });

    expect(company.body.items.map((u: { email: string }) => u.email)).toEqual(
      expect.arrayContaining(['company-admin@demo.example', 'company-user@demo.example']),
    );
    expect(company.body.items.every((u: { company_id: string }) => u.company_id === ids.company1)).toBe(true);
    expect(agency.body.items.map((u: { email: string }) => u.email).sort()).toEqual(
      expect.arrayContaining(['agency-admin@demo.example', 'agency-user@demo.example']),
    );
    expect(agencyUsers.body.items.map((u: { email: string }) => u.email)).toEqual(
      expect.arrayContaining(['agency-admin@demo.example', 'agency-user@demo.example']),
    );
    expect(none.body).toEqual({ items: [], next: null });
  });

  it("answers the company's eligible assignees: its organization's and company's people, agency users and staff, nobody else", async () => {
    const elsewhere = await createUserAsAdmin({ email: uniqueEmail('elsewhere'), role: 'COMPANY_USER', company_id: ids.company2 });
    const disabled = await createUserAsAdmin({ email: uniqueEmail('off'), role: 'ORGANIZATION_USER', organization_id: ids.org1 });
    await api('POST', `/api/admin/users/${disabled.id}/disable`, { as: ADMIN });

    const res = await api('GET', `/api/companies/${ids.company1}/eligible_assignees`, { as: 'company-user@demo.example' });
    const emails = res.body.items.map((u: { email: string }) => u.email);

    expect(res.status).toBe(200);
    expect(emails).toEqual(
      expect.arrayContaining([
        'admin@demo.example',
        'comparer@demo.example',
        'agency-admin@demo.example',
        'org-admin@demo.example',
        'org-user@demo.example',
        'company-user@demo.example',
      ]),
    );
    expect(emails).not.toContain(elsewhere.email);
    expect(emails).not.toContain(disabled.email);
    expect(Object.keys(res.body.items[0]).sort()).toEqual(
      ['agency_id', 'company_id', 'email', 'first_name', 'id', 'last_name', 'organization_id', 'role'].sort(),
    );
  });

  it('records last_active_at when the user reads /api/me, without touching updated_at', async () => {
    const email = uniqueEmail('active');
    const user = await createUserAsAdmin({ email, role: 'ADMIN_COMPARER' });
    await activate(email);

    const me = (await api('GET', '/api/me', { as: email })).body;
    const record = (await api('GET', `/api/admin/users/${user.id}`, { as: ADMIN })).body;

    expect(me.last_active_at).toMatch(/^\d{4}-/);
    expect(record.last_active_at).toBe(me.last_active_at);
    expect(record.updated_at).toBe(user.updated_at);
  });
});
