import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes';
import { demoUsers } from '../../infra/local/demo-data';
import { apiRouteAccess } from '../../shared/permissions/actions';
import { api } from '../support/api';
import { demoIds, type DemoIds } from '../support/users';

/**
 * The permission matrix of the API: every route of the route table × every demo role, the role
 * gate of shared/permissions (`apiRouteAccess`) against what the live API answers. Generated from
 * the rules, not written out a second time: where the gate says 'not-found' the API must answer
 * 404; where it allows, the request must reach the handler (never 401/403/500).
 *
 * Path parameters are the demo tenant's ids ({organization_id} → org1, {company_id} → company1,
 * {agency_id} → the demo agency) and a random uuid for anything else, so nothing real is touched.
 * GET routes are always called. Writes are called when the gate refuses them (the handler never
 * runs), and when allowed only if they target a random id or are user routes (whose empty body is
 * refused with 400): nothing is ever written.
 */
type Me = { email: string; id: string; role: string; agency_id?: string; organization_id?: string; company_id?: string; disabled?: boolean };

let ids: DemoIds;
const me = new Map<string, Me>();

beforeAll(async () => {
  ids = await demoIds();
  for (const user of demoUsers) me.set(user.email, (await api('GET', '/api/me', { as: user.email })).body);
});

function concrete(path: string): { path: string; targetsRandomId: boolean } {
  let targetsRandomId = false;
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === 'organization_id') return ids.org1;
    if (name === 'company_id') return ids.company1;
    if (name === 'agency_id') return ids.agency;
    targetsRandomId = true;
    return randomUUID();
  });
  return { path: filled, targetsRandomId };
}

const signedInRoutes = routes.filter((r) => r.access === 'signed-in');

describe('API permission matrix (role gate × live API)', () => {
  it('covers every signed-in route of the route table', () => {
    expect(signedInRoutes.length).toBeGreaterThan(0);
  });

  it.each(signedInRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_, route) => {
    const mismatches: string[] = [];
    for (const user of demoUsers) {
      const record = me.get(user.email)!;
      const gate = apiRouteAccess(record, route.method, route.path);
      const { path, targetsRandomId } = concrete(route.path);
      const isRead = route.method === 'GET';
      const isUserRoute = /\/users(\/|$)/.test(route.path);
      if (gate === 'allow' && !isRead && !targetsRandomId && !isUserRoute) continue;
      const res = await api(route.method, path, { as: user.email, body: isRead || gate !== 'allow' ? undefined : {} });
      const ok = gate === 'not-found' ? res.status === 404 : isRead ? [200, 400, 404].includes(res.status) : [400, 404].includes(res.status);
      if (!ok) mismatches.push(`${user.role}: gate ${gate}, API ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
    }
    expect(mismatches).toEqual([]);
  });
});
