import { describe, expect, it } from 'vitest';
import { api } from '../support/api';
import { ADMIN, newCarrier, unique } from './hierarchy-support';

/**
 * The platform's carrier catalog (/api/carriers, the /admin/carriers pages): one list for the whole
 * platform that everyone signed in reads and only the DMS Admin keeps.
 */
const OTHER_ROLES = [
  'comparer@demo.example',
  'agency-admin@demo.example',
  'agency-user@demo.example',
  'org-admin@demo.example',
  'org-comparer@demo.example',
  'org-task-manager@demo.example',
  'org-user@demo.example',
  'company-admin@demo.example',
  'company-user@demo.example',
];

const carrierNamed = async (id: string) =>
  ((await api('GET', '/api/carriers?limit=1000', { as: ADMIN })).body.items as { id: string; name: string; inactive?: boolean; updated_at: string }[]).find(
    (c) => c.id === id,
  );

describe('the carrier catalog', () => {
  it('is read whole by every role, in any tenant: it belongs to none', async () => {
    const carrier = await newCarrier();
    for (const as of OTHER_ROLES) {
      const res = await api('GET', '/api/carriers?limit=1000', { as });
      expect(res.status, as).toBe(200);
      expect(res.body.items.some((c: { id: string }) => c.id === carrier.id), as).toBe(true);
    }
    expect((await api('GET', '/api/carriers', { as: null })).status).toBe(401);
  });

  it('is kept by the DMS Admin only: other roles are told the actions do not exist, and nothing changes', async () => {
    const carrier = await newCarrier();
    for (const as of OTHER_ROLES) {
      expect((await api('POST', '/api/carriers', { as, body: { name: unique('Theirs') } })).status, as).toBe(404);
      expect((await api('PATCH', `/api/carriers/${carrier.id}`, { as, body: { name: unique('Renamed'), updated_at: carrier.updated_at } })).status, as).toBe(404);
      expect((await api('DELETE', `/api/carriers/${carrier.id}`, { as })).status, as).toBe(404);
    }
    expect(await carrierNamed(carrier.id)).toEqual(carrier);
  });

  it('lets the DMS Admin rename, deactivate and reactivate a carrier, refusing a name already taken and a stale edit', async () => {
    const carrier = await newCarrier();
    const other = await newCarrier();

    const taken = await api('POST', '/api/carriers', { as: ADMIN, body: { name: `  ${other.name.toUpperCase()} ` } });
    expect(taken.status).toBe(400);
    expect(taken.body.errors).toEqual({ name: 'A carrier with this name already exists' });
    const renamedOnto = await api('PATCH', `/api/carriers/${carrier.id}`, { as: ADMIN, body: { name: other.name, updated_at: carrier.updated_at } });
    expect(renamedOnto.status).toBe(400);

    const renamed = await api('PATCH', `/api/carriers/${carrier.id}`, { as: ADMIN, body: { name: `${carrier.name} Group`, updated_at: carrier.updated_at } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe(`${carrier.name} Group`);
    const stale = await api('PATCH', `/api/carriers/${carrier.id}`, { as: ADMIN, body: { name: 'Too late', updated_at: carrier.updated_at } });
    expect(stale.status).toBe(409);

    const deactivated = await api('DELETE', `/api/carriers/${carrier.id}`, { as: ADMIN });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.inactive).toBe(true);
    const reactivated = await api('PATCH', `/api/carriers/${carrier.id}`, { as: ADMIN, body: { inactive: false, updated_at: deactivated.body.updated_at } });
    expect(reactivated.status).toBe(200);
    expect(await carrierNamed(carrier.id)).toMatchObject({ name: `${carrier.name} Group`, inactive: false });

    expect((await api('DELETE', '/api/carriers/no-such-carrier', { as: ADMIN })).status).toBe(404);
  });
});
