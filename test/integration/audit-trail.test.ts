import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { listAll } from '../../infra/local/api-flow';
import { api } from '../support/api';
import { callAs, companyOf, finishedComparison, type FinishedComparison } from '../support/comparison-fixture';
import { activate, createUserAsAdmin, demoIds, uniqueEmail, type DemoIds } from '../support/users';

/**
 * The audit trail on the local stack: an export, resolutions and a role change each append an
 * event that the right readers see (the comparison's history, the organization's admins, the DMS
 * Admin) and nobody else does (an organization admin of another organization gets 404), and no
 * event carries a value: no SSN of the compared files, no resolved value.
 */
const COMPANY_ADMIN = 'company-admin@demo.example';
const ORG_ADMIN = 'org-admin@demo.example';
const ORG_USER = 'org-user@demo.example';
const PLATFORM_ADMIN = 'admin@demo.example';

const SSN = /\b\d{3}-\d{2}-\d{4}\b/;
const RESOLVED_VALUE = '8675.31';

let ids: DemoIds;
let companyId: string;
let cmp: FinishedComparison;
let otherOrgAdmin: string;
let companyAdminId: string;

type Event = Record<string, unknown> & { action: string; target_id: string; actor_user_id: string };
const userId = async (email: string) => (await api('GET', '/api/me', { as: email })).body.id as string;
const history = async (as = COMPANY_ADMIN): Promise<Event[]> => (await api('GET', `${cmp.base}/history?limit=200`, { as })).body.items;
const orgTrail = async (query = '', as = ORG_ADMIN): Promise<Event[]> => (await api('GET', `/api/organizations/${ids.org1}/audit_events?limit=200${query}`, { as })).body.items;
const adminTrail = async (query = ''): Promise<Event[]> => (await api('GET', `/api/admin/audit_events?limit=200${query}`, { as: PLATFORM_ADMIN })).body.items;

/** Every identifier of the compared files, dashed or not: none may appear in an event. */
function fixtureIdentifiers(): string[] {
  const text = readFileSync(path.resolve(import.meta.dirname, '../fixtures/small/baseline.csv'), 'utf8');
  return [...new Set(text.match(/\b\d{3}-?\d{2}-?\d{4}\b/g) ?? [])];
}

beforeAll(async () => {
  ids = await demoIds();
  ({ companyId } = await companyOf(COMPANY_ADMIN));
  companyAdminId = await userId(COMPANY_ADMIN);
  cmp = await finishedComparison(COMPANY_ADMIN, companyId, `Audit trail ${Date.now()}`);
  otherOrgAdmin = uniqueEmail('org2-admin');
  await createUserAsAdmin({ email: otherOrgAdmin, role: 'ORGANIZATION_ADMIN', organization_id: ids.org2 });
  await activate(otherOrgAdmin);
}, 300_000);

describe('the audit trail', () => {
  it('records an export with its kind and file name, seen in the history, by the organization admin and by the DMS Admin', async () => {
    const exported = await api('POST', `${cmp.base}/export`, { as: COMPANY_ADMIN, body: { kind: 'DISCREPANCIES' } });
    expect(exported.status).toBe(200);

    const expected = { action: 'COMPARISON_EXPORTED', actor_user_id: companyAdminId, comparison_id: cmp.id, company_id: companyId, organization_id: ids.org1, target_type: 'COMPARISON', target_id: cmp.id, target_name: exported.body.file_name, detail: 'DISCREPANCIES' };
    expect(await history()).toEqual(expect.arrayContaining([expect.objectContaining(expected)]));
    expect(await orgTrail('&action=COMPARISON_EXPORTED')).toEqual(expect.arrayContaining([expect.objectContaining(expected)]));
    const platform = await adminTrail(`&organization_id=${ids.org1}&action=COMPARISON_EXPORTED&user_id=${companyAdminId}`);
    expect(platform).toEqual(expect.arrayContaining([expect.objectContaining(expected)]));
    expect(platform.every((e) => e.action === 'COMPARISON_EXPORTED' && e.actor_user_id === companyAdminId)).toBe(true);
  });

  it('records which fields of a discrepancy and of a missing row changed, never their values', async () => {
    const [d] = await listAll(callAs(COMPANY_ADMIN), `${cmp.base}/data_point_discrepancies`);
    const resolved = await api('PATCH', `${cmp.base}/data_point_discrepancies/${d.id}`, {
      as: ORG_USER,
      body: { updated_at: d.updated_at, resolved_discrepancy_type: 'OTHER', resolved_value_source: 'CUSTOM', resolved_value: RESOLVED_VALUE, resolved_notes: 'checked' },
    });
    expect(resolved.status).toBe(200);
    const [m] = await listAll(callAs(COMPANY_ADMIN), `${cmp.base}/missing_discrepancies`);
    const decided = await api('PATCH', `${cmp.base}/missing_discrepancies/${m.id}`, { as: COMPANY_ADMIN, body: { updated_at: m.updated_at, resolved_inclusion: true } });
    expect(decided.status).toBe(200);

    const events = await history();
    const discrepancy = events.find((e) => e.action === 'DISCREPANCY_RESOLVED' && e.target_id === d.id);
    expect(discrepancy).toMatchObject({ actor_user_id: await userId(ORG_USER), target_type: 'DISCREPANCY', comparison_id: cmp.id });
    expect(discrepancy!.fields).toEqual(expect.arrayContaining(['resolved_discrepancy_type', 'resolved_value', 'resolved_notes']));
    const row = events.find((e) => e.action === 'MISSING_ROW_RESOLVED' && e.target_id === m.id);
    expect(row).toMatchObject({ actor_user_id: companyAdminId, target_type: 'MISSING_ROW' });
    expect(row!.fields).toEqual(expect.arrayContaining(['resolved_inclusion']));
    const text = JSON.stringify(events);
    expect(text).not.toContain(RESOLVED_VALUE);
    expect(text).not.toContain('checked');
  });

  it("records a role change and a disable, in the user's organization, with the roles but no personal details", async () => {
    const email = uniqueEmail('audited');
    const user = await createUserAsAdmin({ email, role: 'ORGANIZATION_USER', organization_id: ids.org1, phone: '555-010-9999' });
    const changed = await api('PATCH', `/api/organizations/${ids.org1}/users/${user.id}`, { as: ORG_ADMIN, body: { updated_at: user.updated_at, role: 'ORGANIZATION_TASK_MANAGER' } });
    expect(changed.status).toBe(200);
    expect((await api('POST', `/api/organizations/${ids.org1}/users/${user.id}/disable`, { as: ORG_ADMIN })).status).toBe(200);

    const events = (await orgTrail()).filter((e) => e.target_id === user.id);
    const orgAdminId = await userId(ORG_ADMIN);
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'USER_ROLE_CHANGED', actor_user_id: orgAdminId, target_type: 'USER', fields: ['role'], detail: 'ORGANIZATION_USER → ORGANIZATION_TASK_MANAGER' }),
        expect.objectContaining({ action: 'USER_DISABLED', actor_user_id: orgAdminId }),
      ]),
    );
    // Newest first: the disable came after the role change.
    expect(events.map((e) => e.action).slice(0, 2)).toEqual(['USER_DISABLED', 'USER_ROLE_CHANGED']);
    expect(JSON.stringify(events)).not.toContain(email);
    expect((await adminTrail(`&user_id=${orgAdminId}&action=USER_DISABLED`)).some((e) => e.target_id === user.id)).toBe(true);
  });

  it("answers 404 to an organization admin of another organization, to the organization's other roles and outside the admin", async () => {
    expect((await api('GET', `/api/organizations/${ids.org1}/audit_events`, { as: otherOrgAdmin })).status).toBe(404);
    for (const as of [ORG_USER, COMPANY_ADMIN, 'org-comparer@demo.example', 'agency-admin@demo.example']) {
      expect((await api('GET', `/api/organizations/${ids.org1}/audit_events`, { as })).status, as).toBe(404);
    }
    for (const as of [ORG_ADMIN, otherOrgAdmin, COMPANY_ADMIN]) expect((await api('GET', '/api/admin/audit_events', { as })).status, as).toBe(404);
    expect((await api('GET', `${cmp.base}/history`, { as: otherOrgAdmin })).status).toBe(404);

    const own = await api('GET', `/api/organizations/${ids.org2}/audit_events`, { as: otherOrgAdmin });
    expect(own.status).toBe(200);
    expect(own.body.items.some((e: Event) => e.organization_id === ids.org1)).toBe(false);
  });

  it('pages newest first with a cursor and filters by time', async () => {
    const first = await api('GET', `/api/organizations/${ids.org1}/audit_events?limit=2`, { as: ORG_ADMIN });
    expect(first.body.items).toHaveLength(2);
    expect(first.body.next).toBeTruthy();
    const second = await api('GET', `/api/organizations/${ids.org1}/audit_events?limit=2&cursor=${encodeURIComponent(first.body.next)}`, { as: ORG_ADMIN });
    expect(second.status).toBe(200);
    const all = [...first.body.items, ...second.body.items] as Event[];
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    const times = all.map((e) => e.occurred_at as string);
    expect([...times].sort().reverse()).toEqual(times);
    expect(await orgTrail('&to=2000-01-01')).toEqual([]);
    expect((await orgTrail(`&from=${new Date().toISOString().slice(0, 10)}`)).length).toBeGreaterThan(0);
  });

  it('holds no identifier in any event body', async () => {
    const text = JSON.stringify([...(await adminTrail()), ...(await history())]);
    expect(text).not.toMatch(SSN);
    for (const identifier of fixtureIdentifiers()) expect(text).not.toContain(identifier);
  });
});
