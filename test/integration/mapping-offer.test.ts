import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../infra/local/demo-data';
import { comparisonPath, uploadFile, type Call } from '../../infra/local/api-flow';
import { api } from '../support/api';
import { stackDb } from '../support/comparison-fixture';
import { createTestUser } from '../support/test-users';
import { ADMIN, created, newCarrier, newCompany, newOrganization, unique } from './hierarchy-support';

/**
 * UX "Map data: offer the mapping last used for the same carrier", through the API: an
 * organization of its own with companies, carriers and company admins made here, so no other
 * test's comparisons or mappings can answer in place of the ones each test sets up.
 */
const as =
  (user: string): Call =>
  (method, p, body) =>
    api(method, p, { as: user, body });

const csv = (name: string, text: string) => ({ name, bytes: Buffer.from(text, 'utf8'), contentType: 'text/csv' });
const BASELINE = 'SSN,First Name,Last Name,Relationship\n900-00-0001,Ann,Lee,Employee\n900-00-0002,Bo,Lee,Spouse\n900-00-0003,Cy,Lee,Child\n';
const carrierFile = (relColumn: string) => `Member ID,FNAME,LNAME,${relColumn}\n900000001,ANN,LEE,E\n900000002,BO,LEE,S\n900000003,CY,LEE,C\n`;
const REL_FIELDS = [
  { source: 'E', target: 'Employee' },
  { source: 'S', target: 'Spouse' },
  { source: 'C', target: 'Child' },
];

let organizationId: string;
beforeAll(async () => {
  organizationId = (await newOrganization()).id;
});

interface Tenant {
  companyId: string;
  call: Call;
  /** Company carriers: two of carrier X (the second a renewal's) and one of carrier Y. */
  carrierX: string;
  renewalX: string;
  carrierY: string;
}

/** A company of the test organization with its own company admin and company carriers of the given carriers. */
async function tenant(carriers: { x: string; y: string }): Promise<Tenant> {
  const company = await newCompany(organizationId);
  const companyCarrier = async (carrierId: string) =>
    (await created(`/api/companies/${company.id}/company_carriers`, { carrier_id: carrierId, renewal_month: 'JANUARY' })).id as string;
  const user = await createTestUser({ role: 'COMPANY_ADMIN', organization_id: organizationId, company_id: company.id, password: DEMO_PASSWORD, permanent: true });
  return {
    companyId: company.id,
    call: as(user.email),
    carrierX: await companyCarrier(carriers.x),
    renewalX: await companyCarrier(carriers.x),
    carrierY: await companyCarrier(carriers.y),
  };
}

async function carriers() {
  return { x: (await newCarrier()).id as string, y: (await newCarrier()).id as string };
}

interface Setup {
  id: string;
  base: string;
  /** The data point of the carrier's relationship code column. */
  rel: { id: string; updated_at: string };
}

/** A comparison with both files read and its data points saved; the relationship pair left unmapped. */
async function comparison(t: Pick<Tenant, 'companyId' | 'call'>, name: string, companyCarrierId: string | null, relColumn = 'Rel Code'): Promise<Setup> {
  const res = await t.call('POST', `/api/companies/${t.companyId}/comparisons`, {
    name,
    type: 'COMPARE_ONLY',
    audit_type: 'ENROLLMENT_AUDIT',
    ...(companyCarrierId ? { company_carrier_id: companyCarrierId } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const base = comparisonPath(t.companyId, res.body.id);
  await uploadFile(t.call, base, 'BASELINE', csv('baseline.csv', BASELINE));
  await uploadFile(t.call, base, 'SECONDARY', csv('carrier.csv', carrierFile(relColumn)));
  const saved = await t.call('PUT', `${base}/data_points`, [
    { baseline_column_name: 'SSN', secondary_column_name: 'Member ID', is_unique_identifier: true },
    { baseline_column_name: 'First Name', secondary_column_name: 'FNAME', is_unique_identifier: false },
    { baseline_column_name: 'Last Name', secondary_column_name: 'LNAME', is_unique_identifier: false },
    { baseline_column_name: 'Relationship', secondary_column_name: relColumn, is_unique_identifier: false },
  ]);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const rel = saved.body.items.find((p: any) => p.secondary_column_name === relColumn);
  return { id: res.body.id, base, rel };
}

async function link(t: Pick<Tenant, 'call'>, s: Setup, mappingId: string) {
  const res = await t.call('PATCH', `${s.base}/data_points/${s.rel.id}`, { data_mapping_id: mappingId, updated_at: s.rel.updated_at });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  s.rel = res.body;
  return res.body;
}

async function values(t: Pick<Tenant, 'call'>, s: Setup) {
  const res = await t.call('GET', `${s.base}/data_points/${s.rel.id}/values`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function ownMapping(t: Pick<Tenant, 'companyId' | 'call'>, name: string) {
  const res = await t.call('POST', `/api/companies/${t.companyId}/data_mappings`, { name, fields: REL_FIELDS });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; name: string };
}

describe('the mapping last used for the same carrier', () => {
  it('is offered to a later comparison of the same carrier (a renewal’s company carrier, the column written in other case) and, once used, maps the values', async () => {
    const c = await carriers();
    const t = await tenant(c);
    const mapping = await ownMapping(t, unique('Rel codes'));
    const a = await comparison(t, 'A: 2024 audit', t.carrierX);
    await link(t, a, mapping.id);
    const b = await comparison(t, 'B: 2025 renewal audit', t.renewalX, 'REL CODE');
    const aNow = (await t.call('GET', a.base)).body;

    const offered = await values(t, b);
    expect(offered.data_mapping_id).toBeNull();
    expect(offered.values.find((v: any) => v.value === 'E')).toMatchObject({ status: 'unmapped' });
    expect(offered.last_used_mapping).toEqual({
      id: mapping.id,
      name: mapping.name,
      level: 'COMPANY',
      comparison_id: a.id,
      comparison_name: 'A: 2024 audit',
      used_at: aNow.updated_at,
    });

    // "Use it" is the existing PATCH of the data point; the point is then mapped and offered nothing.
    await link(t, b, offered.last_used_mapping.id);
    const used = await values(t, b);
    expect(used.data_mapping_id).toBe(mapping.id);
    expect(used.last_used_mapping).toBeNull();
    expect(used.unmapped_count).toBe(0);
    expect(used.values.find((v: any) => v.value === 'E')).toMatchObject({ status: 'mapped', mapped_to: 'Employee' });
  });

  it('is not offered for another carrier, nor to a comparison without a company carrier', async () => {
    const c = await carriers();
    const t = await tenant(c);
    const a = await comparison(t, 'A: carrier X', t.carrierX);
    await link(t, a, (await ownMapping(t, unique('Rel codes'))).id);
    const other = await comparison(t, 'C: carrier Y', t.carrierY);
    const none = await comparison(t, 'D: no carrier', null);

    expect((await values(t, other)).last_used_mapping).toBeNull();
    expect((await values(t, none)).last_used_mapping).toBeNull();
  });

  it('comes from the most recently updated comparison, an organization mapping included', async () => {
    const c = await carriers();
    const t = await tenant(c);
    const first = await ownMapping(t, unique('Company rel codes'));
    const orgMapping = await created(`/api/organizations/${organizationId}/data_mappings`, { name: unique('Organization rel codes'), fields: REL_FIELDS });
    const a = await comparison(t, 'A: older', t.carrierX);
    await link(t, a, first.id);
    const a2 = await comparison(t, 'A2: newer', t.renewalX);
    await link(t, a2, orgMapping.id);
    const b = await comparison(t, 'B: to map', t.carrierX);

    expect((await values(t, b)).last_used_mapping).toMatchObject({ id: orgMapping.id, level: 'ORGANIZATION', comparison_id: a2.id });

    const renamed = await t.call('PATCH', a.base, { name: 'A: older, edited', updated_at: (await t.call('GET', a.base)).body.updated_at });
    expect(renamed.status).toBe(200);
    expect((await values(t, b)).last_used_mapping).toMatchObject({ id: first.id, level: 'COMPANY', comparison_id: a.id, comparison_name: 'A: older, edited', used_at: renamed.body.updated_at });
  });

  it('never offers a mapping the company cannot use: another company’s, nor an admin mapping no longer shared', async () => {
    const c = await carriers();
    const t = await tenant(c);
    const neighbour = await tenant(c);
    const a = await comparison(t, 'A: own, oldest', t.carrierX);
    const b = await comparison(t, 'B: to map', t.carrierX);

    // The neighbour company (same organization, same carrier) maps the same column with its own mapping.
    const theirs = await ownMapping(neighbour, unique('Neighbour rel codes'));
    const e = await comparison(neighbour, 'E: neighbour', neighbour.carrierX);
    await link(neighbour, e, theirs.id);
    expect((await values(t, b)).last_used_mapping).toBeNull();

    // A link to it written past the API (an old or forged record) in this company is not offered either.
    const forged = await comparison(t, 'F: forged link', t.carrierX);
    const db = await stackDb();
    await db.entities.dataPoint.patch({ company_id: t.companyId, comparison_id: forged.id, id: forged.rel.id }).set({ data_mapping_id: theirs.id }).go();
    expect((await values(t, b)).last_used_mapping).toBeNull();

    // An admin mapping linked while shared with the organization, then unshared.
    const adminMapping = await created('/api/admin/data_mappings', { name: unique('Admin rel codes'), fields: REL_FIELDS });
    await created(`/api/admin/data_mappings/${adminMapping.id}/whitelist`, { organization_id: organizationId });
    const g = await comparison(t, 'G: admin mapping', t.carrierX);
    await link(t, g, adminMapping.id);
    expect((await values(t, b)).last_used_mapping).toMatchObject({ id: adminMapping.id, level: 'ADMIN', comparison_id: g.id });
    expect((await api('DELETE', `/api/admin/data_mappings/${adminMapping.id}/whitelist/${organizationId}`, { as: ADMIN })).status).toBe(204);
    expect((await values(t, b)).last_used_mapping).toBeNull();

    // Its own mapping, linked on the oldest comparison (a data point's PATCH leaves the comparison's
    // updated_at alone), is still found past the newer ones it may not use.
    const own = await ownMapping(t, unique('Own rel codes'));
    await link(t, a, own.id);
    const offered = (await values(t, b)).last_used_mapping;
    expect(offered).toMatchObject({ id: own.id, comparison_id: a.id });
    expect(offered.id).not.toBe(theirs.id);
  });
});
