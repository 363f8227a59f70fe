import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes';
import { demoUsers } from '../../infra/local/demo-data';
import { can } from '../../shared/permissions/actions';
import { Role } from '../../shared/roles';
import { api } from '../support/api';
import { companyOf, finishedComparison, type FinishedComparison } from '../support/comparison-fixture';
import { activate, createUserAsAdmin, uniqueEmail } from '../support/users';
import { newCompany } from './hierarchy-support';

/**
 * SSNs and dates of birth in what the API answers, per role, on a comparison of the small pair:
 * every GET route below a comparison is read as every demo role and its body scanned for the
 * pair's real SSNs (in any spelling: dashed, nine digits, leading zeros dropped). The set-up reads
 * (rows, suggestions, values) are for the roles that build comparisons only, and their bodies must
 * not carry the pair's birth dates either.
 */
const COMPANY_ADMIN = 'company-admin@demo.example';
const fixtures = path.resolve(import.meta.dirname, '../fixtures/small');

function csv(name: string): { header: string[]; rows: string[][] } {
  const [header, ...rows] = readFileSync(path.join(fixtures, name), 'utf8').trim().split(/\r?\n/).map((line) => line.split(','));
  return { header, rows };
}

const column = (table: { header: string[]; rows: string[][] }, name: string) => table.rows.map((r) => r[table.header.indexOf(name)] ?? '');
const digits = (v: string) => v.replace(/\D/g, '');

const baseline = csv('baseline.csv');
const secondary = csv('secondary.csv');
/** Every SSN of the pair as nine digits. */
const SSNS = new Set(
  [...column(baseline, 'Employee SSN'), ...column(baseline, 'SSN'), ...column(secondary, 'Member ID'), ...column(secondary, 'Subscriber ID')]
    .map(digits)
    .filter((d) => d.length >= 7)
    .map((d) => d.padStart(9, '0')),
);
/** Birth dates as the files spell them, leaving out any that also stands in another date column. */
const otherDates = new Set([...baseline.header.filter((h) => h !== 'DOB').flatMap((h) => column(baseline, h)), ...secondary.header.filter((h) => h !== 'Birth Date').flatMap((h) => column(secondary, h))]);
const BIRTH_DATES = [...column(baseline, 'DOB'), ...column(secondary, 'Birth Date')].filter((d) => d && !otherDates.has(d));

/** The pair's SSNs found in a response body, whatever their spelling. */
function ssnsIn(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/(?<![\dA-Za-z*])(\d{3}-\d{2}-\d{4}|\d{3} \d{2} \d{4}|\d{7,9})(?![\dA-Za-z])/g)) {
    const ssn = digits(m[1]).padStart(9, '0');
    if (SSNS.has(ssn)) found.add(`…${ssn.slice(-4)}`);
  }
  return [...found];
}

const birthDatesIn = (text: string) => BIRTH_DATES.filter((d) => text.includes(d));

/** Reads that show the uploaded rows themselves: only for the roles that set comparisons up. */
const SET_UP_READS = [/\/files\/\{file_id\}\/rows$/, /\/data_points\/suggestions$/, /\/data_points\/\{data_point_id\}\/values$/];
const isSetUpRead = (p: string) => SET_UP_READS.some((re) => re.test(p));

const COMPARISON_ROUTE = '/api/companies/{company_id}/comparisons/{comparison_id}';
const FILLABLE = new Set(['company_id', 'comparison_id', 'file_id', 'data_point_id']);

let comparison: FinishedComparison;
let fileIds: string[];
let dataPointIds: string[];

beforeAll(async () => {
  const { companyId } = await companyOf(COMPANY_ADMIN);
  comparison = await finishedComparison(COMPANY_ADMIN, companyId, `PII reads ${Date.now()}`);
  const read = (await api('GET', comparison.base, { as: COMPANY_ADMIN })).body;
  fileIds = [read.baseline_file_id, read.secondary_file_id];
  dataPointIds = (await api('GET', `${comparison.base}/data_points`, { as: COMPANY_ADMIN })).body.items.map((p: { id: string }) => p.id);
  expect(SSNS.size).toBeGreaterThan(40);
  expect(BIRTH_DATES.length).toBeGreaterThan(20);
}, 180_000);

/** Every concrete path of a route pattern with the comparison's files and data points filled in. */
function concretePaths(pattern: string): string[] {
  let paths = [pattern.replace('{company_id}', comparison.companyId).replace('{comparison_id}', comparison.id)];
  if (pattern.includes('{file_id}')) paths = paths.flatMap((p) => fileIds.map((id) => p.replace('{file_id}', id)));
  if (pattern.includes('{data_point_id}')) paths = paths.flatMap((p) => dataPointIds.map((id) => p.replace('{data_point_id}', id)));
  return paths;
}

const comparisonReads = () =>
  routes.filter(
    (r) => r.method === 'GET' && r.path.startsWith(COMPARISON_ROUTE) && [...r.path.matchAll(/\{(\w+)\}/g)].every((m) => FILLABLE.has(m[1])),
  );

describe('SSNs and birth dates in comparison reads, per role', () => {
  it('no read below a comparison answers a real SSN to any role', async () => {
    const leaks: string[] = [];
    let reads = 0;
    for (const route of comparisonReads()) {
      for (const user of demoUsers) {
        for (const p of concretePaths(route.path)) {
          const res = await api('GET', p, { as: user.email });
          reads++;
          const found = ssnsIn(JSON.stringify(res.body ?? ''));
          if (found.length) leaks.push(`${user.role} GET ${route.path}: ${found.length} SSNs (${found.slice(0, 3).join(', ')})`);
        }
      }
    }
    console.log(`${comparisonReads().length} comparison reads × ${demoUsers.length} roles (${reads} requests): ${leaks.length} SSN leaks`);
    expect(leaks).toEqual([]);
    expect(comparisonReads().length).toBeGreaterThanOrEqual(10);
  });

  it('the set-up reads are 404 for roles that do not build comparisons, and show no birth date to those that do', async () => {
    const problems: string[] = [];
    const setUpRoutes = comparisonReads().filter((r) => isSetUpRead(r.path));
    expect(setUpRoutes).toHaveLength(3);
    for (const user of demoUsers) {
      const buildsComparisons = can({ id: 'x', role: user.role }, 'comparison.create');
      for (const route of setUpRoutes) {
        for (const p of concretePaths(route.path)) {
          const res = await api('GET', p, { as: user.email });
          if (!buildsComparisons) {
            if (res.status !== 404) problems.push(`${user.role} GET ${route.path}: ${res.status}, expected 404`);
            continue;
          }
          if (![200, 400].includes(res.status)) problems.push(`${user.role} GET ${route.path}: ${res.status}`);
          const dates = birthDatesIn(JSON.stringify(res.body ?? ''));
          if (dates.length) problems.push(`${user.role} GET ${route.path}: ${dates.length} birth dates`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('previews show the columns with SSNs masked to their last four and birth dates as their shape', async () => {
    const res = await api('GET', `${comparison.base}/files/${fileIds[0]}/rows?limit=5`, { as: COMPANY_ADMIN });
    expect(res.status).toBe(200);
    const at = (name: string) => res.body.columns.indexOf(name);
    const first = res.body.rows[0];
    expect(first[at('Employee SSN')]).toMatch(/^\*\*\*-\*\*-\d{4}$/);
    expect(first[at('SSN')]).toMatch(/^\*\*\*-\*\*-\d{4}$/);
    expect(first[at('DOB')]).toBe('**/**/****');
    expect(first[at('First Name')]).toBe(baseline.rows[0][baseline.header.indexOf('First Name')]);
  });

  it('values are never listed for identifier or birth-date data points, with a message saying why', async () => {
    const points = (await api('GET', `${comparison.base}/data_points`, { as: COMPANY_ADMIN })).body.items as Array<{
      id: string;
      baseline_column_name: string;
      is_unique_identifier: boolean;
    }>;
    const identifier = points.find((p) => p.is_unique_identifier)!;
    const dob = points.find((p) => p.baseline_column_name === 'DOB')!;
    for (const point of [identifier, dob]) {
      const res = await api('GET', `${comparison.base}/data_points/${point.id}/values`, { as: COMPANY_ADMIN });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/not a list to map/);
    }
    const relationship = points.find((p) => p.baseline_column_name === 'Relationship')!;
    const values = await api('GET', `${comparison.base}/data_points/${relationship.id}/values`, { as: COMPANY_ADMIN });
    expect(values.status).toBe(200);
    expect(values.body.values.length).toBeGreaterThan(0);
  });
});

describe('an inactive company stops its users', () => {
  it('refuses every read of a user of a deactivated company with a clear message, and lets them back in when reactivated', async () => {
    const { organizationId } = await companyOf(COMPANY_ADMIN);
    const company = await newCompany(organizationId);
    const email = uniqueEmail('inactive-co');
    await createUserAsAdmin({ email, role: 'COMPANY_ADMIN', organization_id: organizationId, company_id: company.id });
    await activate(email);
    expect((await api('GET', `/api/companies/${company.id}`, { as: email })).status).toBe(200);

    const deactivated = await api('DELETE', `/api/organizations/${organizationId}/companies/${company.id}`, { as: 'admin@demo.example' });
    expect(deactivated.status).toBeLessThan(300);
    // The caller cache lets a warm container keep a record for at most five seconds.
    await new Promise((r) => setTimeout(r, 5_500));
    for (const p of ['/api/me', `/api/companies/${company.id}`, `/api/companies/${company.id}/comparisons`]) {
      const res = await api('GET', p, { as: email });
      expect({ p, status: res.status }).toEqual({ p, status: 403 });
      expect(res.body.message).toMatch(/company is inactive/);
    }

    const current = (await api('GET', `/api/companies/${company.id}`, { as: 'admin@demo.example' })).body;
    const reactivated = await api('PATCH', `/api/organizations/${organizationId}/companies/${company.id}`, {
      as: 'admin@demo.example',
      body: { inactive: false, updated_at: current.updated_at },
    });
    expect(reactivated.status).toBe(200);
    await new Promise((r) => setTimeout(r, 5_500));
    expect((await api('GET', `/api/companies/${company.id}`, { as: email })).status).toBe(200);
  }, 60_000);
});

describe('who may list an organization’s people', () => {
  it.each(Role.values.filter((r) => r === 'ADMIN_COMPARER' || r === 'ORGANIZATION_USER'))('%s gets 404 on the users list and a user', async (role) => {
    const user = demoUsers.find((u) => u.role === role)!;
    const { organizationId } = await companyOf(COMPANY_ADMIN);
    expect((await api('GET', `/api/organizations/${organizationId}/users`, { as: user.email })).status).toBe(404);
    const someone = (await api('GET', `/api/organizations/${organizationId}/users`, { as: 'org-admin@demo.example' })).body.items[0];
    expect((await api('GET', `/api/organizations/${organizationId}/users/${someone.id}`, { as: user.email })).status).toBe(404);
  });
});
