import { describe, expect, it } from 'vitest';
import { AdminCreateUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient } from '../../infra/local/cognito';
import { demoUsers } from '../../infra/local/demo-data';
import { api, endpoints, runtimeConfig } from '../support/api';
import { cognitoUser, createUserAsAdmin, demoIds, emailsTo, recordExists, uniqueEmail } from '../support/users';

const ADMIN = 'admin@demo.example';
const NON_ADMINS = demoUsers.filter((u) => u.role !== 'ADMIN').map((u) => u.email);

describe('creating a user (admin)', () => {
  it('creates the Cognito account and the record with the same id, mirrors role and tenant, and sends the invitation', async () => {
    const ids = await demoIds();
    const email = uniqueEmail('invite');

    const res = await api('POST', '/api/admin/users', {
      as: ADMIN,
      body: { email: email.toUpperCase(), first_name: ' Ivy ', last_name: 'Invitee', role: 'COMPANY_USER', company_id: ids.company1, phone: '(555) 010-2030' },
    });

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email,
      username: email,
      role: 'COMPANY_USER',
      company_id: ids.company1,
      organization_id: ids.org1,
      first_name: 'Ivy',
      phone: '+15550102030',
      disabled: false,
      invitation_sent: true,
    });
    const me = (await api('GET', '/api/me', { as: ADMIN })).body;
    expect(res.body.created_by_user_id).toBe(me.id);
    const account = await cognitoUser(email);
    expect(account).toMatchObject({ status: 'FORCE_CHANGE_PASSWORD', enabled: true });
    expect(account!.attributes).toMatchObject({
      sub: res.body.id,
      'custom:role': 'COMPANY_USER',
      'custom:organization_id': ids.org1,
      'custom:company_id': ids.company1,
    });
    const mail = await emailsTo(email);
    expect(mail).toHaveLength(1);
    expect(mail[0].destination.to).toEqual([email]);
    expect(mail[0].subject).toBe('Your Data Validation Platform account');
    expect(mail[0].body.text).toContain(`Username: ${email}`);
    expect(mail[0].body.text).toMatch(/Temporary password: \S{8,}/);
    expect(mail[0].body.text).toMatch(/Sign in at http:\/\/localhost:\d+\//);
  });

  it('lets the invited user sign in with the temporary password from the e-mail, which asks for a new password', async () => {
    const email = uniqueEmail('first-sign-in');
    await createUserAsAdmin({ email, role: 'ADMIN_COMPARER' });
    const password = /Temporary password: (\S+)/.exec((await emailsTo(email))[0].body.text!)![1];
    const config = await runtimeConfig();

    const res = await fetch(config.userPoolEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
      body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: config.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password } }),
    });

    expect(((await res.json()) as { ChallengeName?: string }).ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
  });

  it('refuses a duplicate e-mail with a clear message and leaves one account and one record', async () => {
    const email = uniqueEmail('dup');
    const first = await createUserAsAdmin({ email, role: 'ADMIN_COMPARER' });

    const again = await api('POST', '/api/admin/users', {
      as: ADMIN,
      body: { email, first_name: 'Second', last_name: 'Try', role: 'ADMIN_COMPARER' },
    });

    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A user with this email already exists.');
    expect((await cognitoUser(email))!.attributes.sub).toBe(first.id);
    expect(await emailsTo(email)).toHaveLength(1);
  });

  it('refuses an e-mail that has a Cognito account but no record, and writes no record', async () => {
    const email = uniqueEmail('orphan');
    const { userPoolId } = await runtimeConfig();
    await cognitoClient(endpoints().cognito).send(
      new AdminCreateUserCommand({ UserPoolId: userPoolId, Username: email, MessageAction: 'SUPPRESS', TemporaryPassword: 'Temp-Passw0rd!' }),
    );

    const res = await api('POST', '/api/admin/users', { as: ADMIN, body: { email, first_name: 'O', last_name: 'Rphan', role: 'ADMIN_COMPARER' } });

    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A user with this email already exists.');
    expect(await recordExists(email)).toBe(false);
    expect(await emailsTo(email)).toHaveLength(0);
  });

  it.each([
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email'],
    [{ email: '' }, 'email', 'This field is required'],
    [{ first_name: '  ' }, 'first_name', 'This field is required'],
    [{ role: 'COMPANY_USER' }, 'company_id', 'This field is required'],
    [{ role: 'ORGANIZATION_ADMIN' }, 'organization_id', 'This field is required'],
    [{ role: 'AGENCY_USER' }, 'agency_id', 'This field is required'],
    [{ role: 'SUPER_ADMIN' }, 'role', undefined],
    [{ password: 'x' }, 'password', 'This field cannot be set here'],
  ])('refuses %j, naming %s, and writes nothing', async (override, field, message) => {
    const email = uniqueEmail('bad');
    const res = await api('POST', '/api/admin/users', {
      as: ADMIN,
      body: { email, first_name: 'Bad', last_name: 'Body', role: 'ADMIN_COMPARER', ...override },
    });

    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toBeTruthy();
    if (message) expect(res.body.errors[field]).toBe(message);
    expect(await cognitoUser(email)).toBeNull();
    expect(await recordExists(email)).toBe(false);
  });

  it('refuses a company that does not exist', async () => {
    const email = uniqueEmail('nocompany');
    const res = await api('POST', '/api/admin/users', {
      as: ADMIN,
      body: { email, first_name: 'No', last_name: 'Company', role: 'COMPANY_ADMIN', company_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.company_id).toBeTruthy();
    expect(await cognitoUser(email)).toBeNull();
  });
});

describe('reading users (admin)', () => {
  it('pages the admin listing with limit and cursor', async () => {
    for (let i = 0; i < 3; i++) await createUserAsAdmin({ email: uniqueEmail('page'), role: 'ADMIN_COMPARER' });

    const first = await api('GET', '/api/admin/users?limit=2', { as: ADMIN });
    const second = await api('GET', `/api/admin/users?limit=2&cursor=${encodeURIComponent(first.body.next)}`, { as: ADMIN });

    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.next).toEqual(expect.any(String));
    expect(second.body.items).toHaveLength(2);
    expect(second.body.items.map((u: { id: string }) => u.id)).not.toContain(first.body.items[0].id);
  });

  it('filters by roles and answers a bad cursor with 400', async () => {
    const comparers = await api('GET', '/api/admin/users?roles=ORGANIZATION_COMPARER,COMPANY_ADMIN&limit=1000', { as: ADMIN });
    const bad = await api('GET', '/api/admin/users?cursor=nonsense', { as: ADMIN });

    expect(new Set(comparers.body.items.map((u: { role: string }) => u.role))).toEqual(new Set(['ORGANIZATION_COMPARER', 'COMPANY_ADMIN']));
    expect(bad.status).toBe(400);
  });

  it('shows the Cognito side of a user without any secret', async () => {
    const user = await createUserAsAdmin({ email: uniqueEmail('identity'), role: 'ADMIN_COMPARER' });

    const res = await api('GET', `/api/admin/users/${user.id}/identity`, { as: ADMIN });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'FORCE_CHANGE_PASSWORD', enabled: true, email_verified: true, mfa_enabled: false });
    expect(res.body.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(res.body.email_suppression).toBeNull();
    expect(Object.keys(res.body).sort()).toEqual(
      ['created_at', 'email_suppression', 'email_verified', 'enabled', 'mfa_enabled', 'mfa_methods', 'preferred_mfa', 'status', 'updated_at', 'username'].sort(),
    );
  });

  it('answers 404 for a user that does not exist', async () => {
    const res = await api('GET', '/api/admin/users/00000000-0000-4000-8000-000000000000', { as: ADMIN });
    expect(res.status).toBe(404);
  });
});

describe('the admin user routes for everyone else', () => {
  const paths = (id: string) => [
    ['GET', '/api/admin/users'],
    ['POST', '/api/admin/users'],
    ['GET', `/api/admin/users/${id}`],
    ['PATCH', `/api/admin/users/${id}`],
    ['DELETE', `/api/admin/users/${id}`],
    ['GET', `/api/admin/users/${id}/identity`],
    ['POST', `/api/admin/users/${id}/disable`],
    ['POST', `/api/admin/users/${id}/enable`],
    ['POST', `/api/admin/users/${id}/resend_invitation`],
    ['POST', `/api/admin/users/${id}/reset_mfa`],
    ['POST', `/api/admin/users/${id}/clear_email_suppression`],
    ['GET', `/api/admin/users/${id}/whitelist`],
    ['POST', `/api/admin/users/${id}/whitelist`],
  ];

  it.each(NON_ADMINS)('are 404 for %s, and change nothing', async (email) => {
    const target = await createUserAsAdmin({ email: uniqueEmail('target'), role: 'ADMIN_COMPARER' });
    for (const [method, path] of paths(target.id)) {
      const res = await api(method, path, { as: email, body: method === 'GET' || method === 'DELETE' ? undefined : { role: 'ADMIN', updated_at: target.updated_at } });
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
    }
    const after = (await api('GET', `/api/admin/users/${target.id}`, { as: ADMIN })).body;
    expect(after).toMatchObject({ role: 'ADMIN_COMPARER', disabled: false, updated_at: target.updated_at });
  });
});

describe('UsersWhitelist', () => {
  it('shares another organization with an organization user until the row is removed', async () => {
    const ids = await demoIds();
    const before = await api('GET', `/api/organizations/${ids.org2}/users`, { as: 'org-task-manager@demo.example' });
    const me = (await api('GET', '/api/me', { as: 'org-task-manager@demo.example' })).body;

    const row = await api('POST', `/api/admin/users/${me.id}/whitelist`, { as: ADMIN, body: { organization_id: ids.org2 } });
    const rows = await api('GET', `/api/admin/users/${me.id}/whitelist`, { as: ADMIN });
    const during = await api('GET', `/api/organizations/${ids.org2}/users`, { as: 'org-task-manager@demo.example' });
    const listedDuring = await api('GET', '/api/organizations', { as: 'org-task-manager@demo.example' });
    const removed = await api('DELETE', `/api/admin/users/${me.id}/whitelist/${row.body.id}`, { as: ADMIN });
    const after = await api('GET', `/api/organizations/${ids.org2}/users`, { as: 'org-task-manager@demo.example' });
    const listedAfter = await api('GET', '/api/organizations', { as: 'org-task-manager@demo.example' });

    expect(before.status).toBe(404);
    expect(row.status).toBe(201);
    expect(rows.body.items).toEqual([expect.objectContaining({ id: row.body.id, organization_id: ids.org2, user_id: me.id })]);
    expect(during.status).toBe(200);
    expect(listedDuring.body.items.map((o: { id: string }) => o.id)).toEqual(expect.arrayContaining([ids.org1, ids.org2]));
    expect(removed.status).toBe(204);
    expect(after.status).toBe(404);
    expect(listedAfter.body.items.map((o: { id: string }) => o.id)).toEqual([ids.org1]);
  });

  it('shares one company with a company user, and refuses a company of another organization', async () => {
    const ids = await demoIds();
    const me = (await api('GET', '/api/me', { as: 'company-user@demo.example' })).body;

    const wrong = await api('POST', `/api/admin/users/${me.id}/whitelist`, { as: ADMIN, body: { organization_id: ids.org1, company_id: ids.company3 } });
    const row = await api('POST', `/api/admin/users/${me.id}/whitelist`, { as: ADMIN, body: { organization_id: ids.org2, company_id: ids.company3 } });
    const during = await api('GET', `/api/companies/${ids.company3}/users`, { as: 'company-user@demo.example' });
    await api('DELETE', `/api/admin/users/${me.id}/whitelist/${row.body.id}`, { as: ADMIN });
    const after = await api('GET', `/api/companies/${ids.company3}/users`, { as: 'company-user@demo.example' });

    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.company_id).toBeTruthy();
    expect(row.status).toBe(201);
    expect(during.status).toBe(200);
    expect(after.status).toBe(404);
  });
});
