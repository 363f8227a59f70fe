import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes';
import { demoUsers } from '../../infra/local/demo-data';
import { gateAccess } from '../../shared/permissions/route-gates';
import { api } from '../support/api';
import { finishedComparison } from '../support/comparison-fixture';
import { demoIds, type DemoIds } from '../support/users';

/**
 * The permission matrix of the API: every route of the route table × every demo role, the gate its
 * endpoint declares (shared/permissions/route-gates.ts) against what the live API answers. Generated from
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
/** Real records of the demo tenant by path parameter, so an allowed read of them must answer 200. */
const real = new Map<string, string>();

beforeAll(async () => {
  ids = await demoIds();
  for (const user of demoUsers) me.set(user.email, (await api('GET', '/api/me', { as: user.email })).body);
  const read = async (path: string) => (await api('GET', path, { as: 'admin@demo.example' })).body;
  const company = `/api/companies/${ids.company1}`;
  // A comparison of its own, run to the end: one another test file left half set up (a file not
  // read yet) would make its reads answer 400 for a reason that is not the gate's.
  const finished = await finishedComparison('admin@demo.example', ids.company1, 'Permission matrix');
  const comparison = await read(finished.base);
  real.set('comparison_id', comparison.id);
  real.set('file_id', comparison.baseline_file_id);
  const points = await read(`${finished.base}/data_points`);
  const point = (points.items ?? points.data_points ?? points)[0];
  if (point?.id) real.set('data_point_id', point.id);
  const carrier = (await read(`${company}/company_carriers`)).items?.[0];
  if (carrier) {
    real.set('company_carrier_id', carrier.id);
    const plan = (await read(`${company}/company_carriers/${carrier.id}/company_carrier_plans`)).items?.[0];
    if (plan) real.set('company_carrier_plan_id', plan.id);
  }
  const renewal = (await read(`${company}/renewals`)).items?.[0];
  if (renewal) real.set('renewal_id', renewal.id);
  real.set('user_id', me.get('company-admin@demo.example')!.id);
});

/** The path with the demo tenant's ids; reads also get real records, writes never touch one. */
function concrete(path: string, read: boolean): { path: string; targetsRandomId: boolean } {
  let targetsRandomId = false;
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === 'organization_id') return ids.org1;
    if (name === 'company_id') return ids.company1;
    if (name === 'agency_id') return ids.agency;
    const known = real.get(name);
    if (read && known && !path.startsWith('/api/admin/') && !path.startsWith('/api/agencies/')) return known;
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
      const gate = route.endpoint ? gateAccess(record, route.endpoint.gate, route.method) : 'not-found';
      const { path, targetsRandomId } = concrete(route.path, route.method === 'GET');
      const isRead = route.method === 'GET';
      const isUserRoute = /\/users(\/|$)/.test(route.path);
      if (gate === 'allow' && !isRead && !targetsRandomId && !isUserRoute) continue;
      const res = await api(route.method, path, { as: user.email, body: isRead || gate !== 'allow' ? undefined : {} });
      // An allowed read of a real record must answer it: a 404 there is a refusal the gate did not make.
      // Per record, by design: a sign-in account is shown to its owner and to those who manage that
      // user; an invoice summary exists only for an invoice reconciliation; distinct values only for a
      // vocabulary column (never an identifier's).
      const perRecord = ['/{user_id}/identity', '/invoice_summary', '/values'].some((end) => route.path.endsWith(end));
      const readOk = targetsRandomId || perRecord ? [200, 400, 404] : [200, 202];
      const ok = gate === 'not-found' ? res.status === 404 : isRead ? readOk.includes(res.status) : [400, 404].includes(res.status);
      if (!ok) mismatches.push(`${user.role}: gate ${gate}, API ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
    }
    expect(mismatches).toEqual([]);
  });
});
