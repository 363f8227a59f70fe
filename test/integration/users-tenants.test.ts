import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api';
import { cognitoUser, createUserAsAdmin, demoIds, recordExists, uniqueEmail, type DemoIds } from '../support/users';

const ORG_ADMIN = 'org-admin@demo.example';
const COMPANY_ADMIN = 'company-admin@demo.example';
const AGENCY_ADMIN = 'agency-admin@demo.example';
const RANDOM = '00000000-0000-4000-8000-000000000000';

let ids: DemoIds;
beforeAll(async () => {
  ids = await demoIds();
});

/** Every user route of one tenant path, for a user id. */
function userRoutes(base: string, userId: string, updatedAt: string): [string, string, unknown?][] {
  return [
    ['GET', base],
    ['POST', base, { email: uniqueEmail('x'), first_name: 'X', last_name: 'Y', role: 'COMPANY_USER', company_id: ids.company3 }],
    ['GET', `${base}/${userId}`],
    ['PATCH', `${base}/${userId}`, { first_name: 'Changed', updated_at: updatedAt }],
    ['GET', `${base}/${userId}/identity`],
    ['POST', `${base}/${userId}/disable`],
    ['POST', `${base}/${userId}/enable`],
    ['POST', `${base}/${userId}/resend_invitation`],
    ['POST', `${base}/${userId}/reset_mfa`],
    ['POST', `${base}/${userId}/clear_email_suppression`],
    ['DELETE', `${base}/${userId}`],
  ];
}

async function expectAll404(as: string, routes: [string, string, unknown?][]) {
  for (const [method, path, body] of routes) {
    const res = await api(method, path, { as, body });
    expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
  }
}

describe("another tenant's ids are 404 on every user route", () => {
  it('for an organization admin, through the other organization and through their own', async () => {
    const other = await createUserAsAdmin({ email: uniqueEmail('org2'), role: 'ORGANIZATION_USER', organization_id: ids.org2 });

    await expectAll404(ORG_ADMIN, userRoutes(`/api/organizations/${ids.org2}/users`, other.id, other.updated_at));
    await expectAll404(ORG_ADMIN, userRoutes(`/api/organizations/${ids.org1}/users`, other.id, other.updated_at).slice(2));
    await expectAll404(ORG_ADMIN, [['GET', `/api/organizations/${ids.org2}/agency_users`]]);

    const after = (await api('GET', `/api/admin/users/${other.id}`, { as: 'admin@demo.example' })).body;
    expect(after).toMatchObject({ first_name: 'Test', disabled: false, updated_at: other.updated_at });
  });

  it("for a company admin, through another organization's company and through their own", async () => {
    const other = await createUserAsAdmin({ email: uniqueEmail('c3'), role: 'COMPANY_USER', company_id: ids.company3 });
    const sibling = await createUserAsAdmin({ email: uniqueEmail('c2'), role: 'COMPANY_USER', company_id: ids.company2 });

    await expectAll404(COMPANY_ADMIN, userRoutes(`/api/companies/${ids.company3}/users`, other.id, other.updated_at));
    await expectAll404(COMPANY_ADMIN, userRoutes(`/api/companies/${ids.company2}/users`, sibling.id, sibling.updated_at));
    await expectAll404(COMPANY_ADMIN, userRoutes(`/api/companies/${ids.company1}/users`, sibling.id, sibling.updated_at).slice(2));
    await expectAll404(COMPANY_ADMIN, [['GET', `/api/companies/${ids.company3}/eligible_assignees`]]);
  });

  it('for an agency admin, through an organization their agency is not linked to and through another agency', async () => {
    const other = await createUserAsAdmin({ email: uniqueEmail('org2b'), role: 'ORGANIZATION_ADMIN', organization_id: ids.org2 });

    await expectAll404(AGENCY_ADMIN, userRoutes(`/api/organizations/${ids.org2}/users`, other.id, other.updated_at));
    await expectAll404(AGENCY_ADMIN, userRoutes(`/api/agencies/${RANDOM}/users`, other.id, other.updated_at));
    await expectAll404(AGENCY_ADMIN, userRoutes(`/api/agencies/${ids.agency}/users`, other.id, other.updated_at).slice(2));
  });

  it('for an organization comparer, who reads their organization but not another', async () => {
    const own = await api('GET', `/api/organizations/${ids.org1}/users`, { as: 'org-comparer@demo.example' });
    const other = await api('GET', `/api/organizations/${ids.org2}/users`, { as: 'org-comparer@demo.example' });
    expect(own.status).toBe(200);
    expect(other.status).toBe(404);
  });

  it('for a verify-only organization user, who has no users pages and so reads no users, not even their own organization’s', async () => {
    expect((await api('GET', `/api/organizations/${ids.org1}/users`, { as: 'org-user@demo.example' })).status).toBe(404);
  });
});

describe('a body carrying a role or tenant the caller may not set', () => {
  async function expectRefusedCreate(as: string, path: string, body: Record<string, unknown>, field: string) {
    const email = uniqueEmail('refused');
    const res = await api('POST', path, { as, body: { email, first_name: 'Re', last_name: 'Fused', ...body } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toContain(field);
    expect(await cognitoUser(email)).toBeNull();
    expect(await recordExists(email)).toBe(false);
  }

  it('is refused on create for an organization admin, and nothing is written', async () => {
    const path = `/api/organizations/${ids.org1}/users`;
    await expectRefusedCreate(ORG_ADMIN, path, { role: 'ADMIN' }, 'role');
    await expectRefusedCreate(ORG_ADMIN, path, { role: 'AGENCY_ADMIN', agency_id: ids.agency }, 'role');
    await expectRefusedCreate(ORG_ADMIN, path, { role: 'ORGANIZATION_USER', organization_id: ids.org2 }, 'organization_id');
    await expectRefusedCreate(ORG_ADMIN, path, { role: 'COMPANY_USER', company_id: ids.company3 }, 'company_id');
  });

  it('is refused on create for a company admin, and nothing is written', async () => {
    const path = `/api/companies/${ids.company1}/users`;
    await expectRefusedCreate(COMPANY_ADMIN, path, { role: 'ORGANIZATION_ADMIN' }, 'role');
    await expectRefusedCreate(COMPANY_ADMIN, path, { role: 'COMPANY_USER', company_id: ids.company2 }, 'company_id');
    await expectRefusedCreate(COMPANY_ADMIN, path, { role: 'COMPANY_USER', organization_id: ids.org2 }, 'organization_id');
  });

  it('is refused on create for an agency admin outside agency roles', async () => {
    await expectRefusedCreate(AGENCY_ADMIN, `/api/agencies/${ids.agency}/users`, { role: 'ADMIN' }, 'role');
    await expectRefusedCreate(AGENCY_ADMIN, `/api/agencies/${ids.agency}/users`, { role: 'AGENCY_USER', organization_id: ids.org1 }, 'organization_id');
  });

  it('is refused on update, leaving the record and the Cognito attributes as they were', async () => {
    const email = uniqueEmail('stay');
    const user = await createUserAsAdmin({ email, role: 'ORGANIZATION_USER', organization_id: ids.org1 });
    const base = `/api/organizations/${ids.org1}/users/${user.id}`;

    const moves = [
      { organization_id: ids.org2 },
      { role: 'ADMIN' },
      { role: 'COMPANY_USER', company_id: ids.company3 },
      { agency_id: ids.agency },
    ];
    for (const change of moves) {
      const res = await api('PATCH', base, { as: ORG_ADMIN, body: { ...change, updated_at: user.updated_at } });
      expect({ change, status: res.status }).toEqual({ change, status: 400 });
    }

    const after = (await api('GET', base, { as: ORG_ADMIN })).body;
    expect(after).toMatchObject({ role: 'ORGANIZATION_USER', organization_id: ids.org1, updated_at: user.updated_at });
    expect(after.company_id).toBeUndefined();
    expect((await cognitoUser(email))!.attributes).toMatchObject({ 'custom:role': 'ORGANIZATION_USER', 'custom:organization_id': ids.org1 });
  });

  it('is refused when a company admin promotes a company user to an organization role', async () => {
    const user = await createUserAsAdmin({ email: uniqueEmail('promote'), role: 'COMPANY_USER', company_id: ids.company1 });
    const res = await api('PATCH', `/api/companies/${ids.company1}/users/${user.id}`, {
      as: COMPANY_ADMIN,
      body: { role: 'ORGANIZATION_ADMIN', updated_at: user.updated_at },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.role).toBeTruthy();
  });

  it('lets an organization admin manage their own organization: create a company user, move and promote within it', async () => {
    const email = uniqueEmail('managed');
    const created = await api('POST', `/api/organizations/${ids.org1}/users`, {
      as: ORG_ADMIN,
      body: { email, first_name: 'Man', last_name: 'Aged', role: 'COMPANY_USER', company_id: ids.company1 },
    });
    const moved = await api('PATCH', `/api/organizations/${ids.org1}/users/${created.body.id}`, {
      as: ORG_ADMIN,
      body: { company_id: ids.company2, updated_at: created.body.updated_at },
    });
    const promoted = await api('PATCH', `/api/organizations/${ids.org1}/users/${created.body.id}`, {
      as: ORG_ADMIN,
      body: { role: 'ORGANIZATION_TASK_MANAGER', updated_at: moved.body.updated_at },
    });

    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ organization_id: ids.org1, company_id: ids.company1, role: 'COMPANY_USER' });
    expect(moved.body).toMatchObject({ company_id: ids.company2, organization_id: ids.org1 });
    expect(promoted.status).toBe(200);
    expect(promoted.body.role).toBe('ORGANIZATION_TASK_MANAGER');
    expect(promoted.body.company_id).toBeUndefined();
    const attributes = (await cognitoUser(email))!.attributes;
    expect(attributes).toMatchObject({ 'custom:role': 'ORGANIZATION_TASK_MANAGER', 'custom:organization_id': ids.org1 });
    expect(attributes['custom:company_id'] ?? '').toBe(''); // cleared (cognito-local drops empty attributes)
  });

  it('keeps an organization comparer (no user management) out of user writes', async () => {
    const user = await createUserAsAdmin({ email: uniqueEmail('cmp'), role: 'ORGANIZATION_USER', organization_id: ids.org1 });
    const create = await api('POST', `/api/organizations/${ids.org1}/users`, {
      as: 'org-comparer@demo.example',
      body: { email: uniqueEmail('nope'), first_name: 'N', last_name: 'O', role: 'ORGANIZATION_USER' },
    });
    const patch = await api('PATCH', `/api/organizations/${ids.org1}/users/${user.id}`, {
      as: 'org-comparer@demo.example',
      body: { first_name: 'Nope', updated_at: user.updated_at },
    });
    const read = await api('GET', `/api/organizations/${ids.org1}/users/${user.id}`, { as: 'org-comparer@demo.example' });
    expect(create.status).toBe(404);
    expect(patch.status).toBe(404);
    expect(read.status).toBe(200);
  });
});
