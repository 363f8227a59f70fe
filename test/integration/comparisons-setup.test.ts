import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, endpoints } from '../support/api';
import { comparisonPath, createComparison, declareAndPut, uploadFile, type Call } from '../../infra/local/api-flow';

/**
 * Comparison set-up through the API exactly as a script drives it (steps 1–5): create,
 * upload both files of the small fixture through presigned URLs, parse, suggestions, data points
 * with a composite identifier, value mappings; then the bad inputs, tenancy and roles.
 */
const ADMIN = 'company-admin@demo.example';
const VERIFY_ONLY = 'company-user@demo.example';
const dir = path.resolve(import.meta.dirname, '../fixtures/small');
const fixture = (name: string) => ({ name, bytes: readFileSync(path.join(dir, name)), contentType: 'text/csv' });
const csv = (name: string, text: string) => ({ name, bytes: Buffer.from(text, 'utf8'), contentType: 'text/csv' });

const as =
  (user: string): Call =>
  (method, p, body) =>
    api(method, p, { as: user, body });
const admin = as(ADMIN);

let companyId: string;
let organizationId: string;

beforeAll(async () => {
  const me = (await api('GET', '/api/me', { as: ADMIN })).body;
  companyId = me.company_id;
  organizationId = me.organization_id;
});

const COMPOSITE = [
  { baseline_column_name: 'SSN', secondary_column_name: 'Member ID', is_unique_identifier: true },
  { baseline_column_name: 'Benefit Type', secondary_column_name: 'Line of Coverage', is_unique_identifier: true },
  { baseline_column_name: 'First Name', secondary_column_name: 'FNAME', is_unique_identifier: false },
  { baseline_column_name: 'Last Name', secondary_column_name: 'LNAME', is_unique_identifier: false },
  { baseline_column_name: 'DOB', secondary_column_name: 'Birth Date', is_unique_identifier: false },
];

/** A comparison of the small pair with both files parsed. */
async function parsedComparison(name: string) {
  const comparison = await createComparison(admin, companyId, name);
  const base = comparisonPath(companyId, comparison.id);
  const baseline = await uploadFile(admin, base, 'BASELINE', fixture('baseline.csv'));
  const secondary = await uploadFile(admin, base, 'SECONDARY', fixture('secondary.csv'));
  return { id: comparison.id, base, baseline, secondary };
}

describe('comparison set-up: the script flow', () => {
  it('creates a comparison at Import Data and lists it for the company and the organization', async () => {
    const res = await admin('POST', `/api/companies/${companyId}/comparisons`, {
      name: 'Flow create',
      type: 'COMPARE_ONLY',
      audit_type: 'ENROLLMENT_AUDIT',
      notes: 'Q1 audit',
    });
    const companyList = await admin('GET', `/api/companies/${companyId}/comparisons`);
    const orgList = await api('GET', `/api/organizations/${organizationId}/comparisons`, { as: 'org-admin@demo.example' });

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Flow create', step: 'IMPORT_DATA', company_id: companyId, baseline_file: null, secondary_file: null });
    expect(companyList.status).toBe(200);
    expect(companyList.body.items.map((c: any) => c.id)).toContain(res.body.id);
    expect(companyList.body).toHaveProperty('next');
    expect(orgList.status).toBe(200);
    expect(orgList.body.items.find((c: any) => c.id === res.body.id)).toMatchObject({ company_name: 'Acme Manufacturing' });
  });

  it('refuses a create body with unknown fields or a bad type, naming the fields', async () => {
    const res = await admin('POST', `/api/companies/${companyId}/comparisons`, { name: 'x', type: 'NOPE', audit_type: 'ENROLLMENT_AUDIT', step: 'COMPARE' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(expect.arrayContaining(['type', 'step']));
  });

  it('uploads both files through presigned URLs, parses them and moves to Select Data Points', async () => {
    const { base, baseline, secondary } = await parsedComparison('Flow parse');
    const shown = await admin('GET', base);

    expect(baseline).toMatchObject({ status: 'PARSED', row_count: 200, file_type: 'BASELINE' });
    expect(baseline.columns).toEqual(expect.arrayContaining(['SSN', 'First Name', 'Benefit Type']));
    expect(baseline.preview.length).toBe(10);
    expect(secondary.columns).toEqual(expect.arrayContaining(['Member ID', 'FNAME', 'Line of Coverage']));
    expect(shown.body.step).toBe('SELECT_DATA_POINTS');
    expect(shown.body.baseline_file).toMatchObject({ name: 'baseline.csv', renamed: false, row_count: 200, status: 'PARSED' });
    expect(shown.body.secondary_file).toMatchObject({ name: 'secondary.csv', status: 'PARSED' });
    expect(shown.body.baseline_file).not.toHaveProperty('storage_key');
  });

  it('reads an xlsx workbook and names its worksheet', async () => {
    const comparison = await createComparison(admin, companyId, 'Flow xlsx');
    const base = comparisonPath(companyId, comparison.id);
    const file = { name: 'baseline.xlsx', bytes: readFileSync(path.join(dir, 'baseline.xlsx')), contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };
    const parsed = await uploadFile(admin, base, 'BASELINE', file);
    expect(parsed).toMatchObject({ status: 'PARSED', row_count: 200 });
    expect(parsed.worksheet_name).toBeTruthy();
    expect(parsed.worksheets).toContain(parsed.worksheet_name);
  });

  it('suggests SSN ↔ Member ID with Benefit Type ↔ Line of Coverage as the identifier (a member has a row per benefit), with reasons, confidence and date previews', async () => {
    const { base } = await parsedComparison('Flow suggestions');
    const res = await admin('GET', `${base}/data_points/suggestions`);

    expect(res.status).toBe(200);
    const ssn = res.body.suggestions.find((s: any) => s.baseline_column_name === 'SSN');
    expect(ssn).toMatchObject({ secondary_column_name: 'Member ID', suggested_unique_identifier: true });
    expect(ssn.reason).toBeTruthy();
    expect(ssn.confidence).toBeGreaterThan(0.5);
    expect(res.body.suggestions.filter((s: any) => s.suggested_unique_identifier).map((s: any) => [s.baseline_column_name, s.secondary_column_name])).toEqual([
      ['SSN', 'Member ID'],
      ['Benefit Type', 'Line of Coverage'],
    ]);
    expect(res.body.suggestions.find((s: any) => s.baseline_column_name === 'First Name')).toMatchObject({ secondary_column_name: 'FNAME', name_like: true });
    const dob = res.body.date_columns.secondary.find((d: any) => d.column_name === 'Birth Date');
    expect(dob.date_format).toBe('yyyyMMdd');
    expect(dob.preview).toHaveLength(3);
    // A birth date previews its shape only: the format read is what the user checks.
    expect(dob.preview[0]).toEqual({ value: '********', parsed: '****-**-**' });
    const hire = res.body.date_columns.secondary.find((d: any) => d.column_name === 'Hire Date');
    expect(hire.preview[0].parsed).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('saves data points with a composite identifier, reports repeats with masked SSNs, and lists them in order', async () => {
    const { base } = await parsedComparison('Flow data points');
    const ssnOnly = await admin('PUT', `${base}/data_points`, COMPOSITE.map((p) => (p.baseline_column_name === 'Benefit Type' ? { ...p, is_unique_identifier: false } : p)));
    const composite = await admin('PUT', `${base}/data_points`, COMPOSITE);
    const listed = await admin('GET', `${base}/data_points`);

    // One member has several benefit lines: SSN alone repeats, SSN + benefit type does not.
    expect(ssnOnly.status).toBe(200);
    expect(ssnOnly.body.identifier_check.baseline.unique).toBe(false);
    const repeated = ssnOnly.body.identifier_check.baseline.repeated[0].unique_identifier as string;
    expect(repeated).toMatch(/^\*\*\*-\*\*-\d{4}$/);
    expect(ssnOnly.body.warnings.join(' ')).toContain('not unique in the baseline file');
    expect(JSON.stringify(ssnOnly.body)).not.toMatch(/\b\d{3}-\d{2}-\d{4}\b/);
    expect(composite.status).toBe(200);
    expect(composite.body.identifier_check.baseline.unique).toBe(true);
    expect(listed.body.items.map((p: any) => p.baseline_column_name)).toEqual(COMPOSITE.map((p) => p.baseline_column_name));
    // Ids stay for pairs that were already chosen.
    expect(listed.body.items.map((p: any) => p.id)).toEqual(ssnOnly.body.items.map((p: any) => p.id));
  });

  it('refuses data points without an identifier, without a name column on both sides, or with unknown columns', async () => {
    const { base } = await parsedComparison('Flow refusals');
    const noIdentifier = await admin('PUT', `${base}/data_points`, COMPOSITE.map((p) => ({ ...p, is_unique_identifier: false })));
    const noNames = await admin('PUT', `${base}/data_points`, COMPOSITE.slice(0, 2));
    const unknown = await admin('PUT', `${base}/data_points`, [...COMPOSITE, { baseline_column_name: 'Nope', secondary_column_name: 'FNAME', is_unique_identifier: false }]);
    const listed = await admin('GET', `${base}/data_points`);

    expect(noIdentifier.status).toBe(400);
    expect(noIdentifier.body.message).toContain('unique identifier');
    expect(noNames.status).toBe(400);
    expect(noNames.body.message).toContain('name-like column');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors['5.baseline_column_name']).toContain('not a column of the baseline file');
    expect(listed.body.items).toEqual([]);
  });

  it('lists the carrier values of a data point with counts, then applies a saved mapping', async () => {
    const { base } = await parsedComparison('Flow mapping');
    const saved = await admin('PUT', `${base}/data_points`, COMPOSITE);
    const benefit = saved.body.items.find((p: any) => p.baseline_column_name === 'Benefit Type');
    const before = await admin('GET', `${base}/data_points/${benefit.id}/values`);
    const mapping = await admin('POST', `/api/companies/${companyId}/data_mappings`, {
      name: 'Flow benefit lines',
      fields: before.body.values.filter((v: any) => v.status === 'unmapped').map((v: any) => ({ source: v.value, target: `MAPPED ${v.value}` })),
    });
    const linked = await admin('PATCH', `${base}/data_points/${benefit.id}`, { data_mapping_id: mapping.body.id, updated_at: benefit.updated_at });
    const after = await admin('GET', `${base}/data_points/${benefit.id}/values`);
    const moved = await admin('PATCH', base, { step: 'MAP_DATA', updated_at: (await admin('GET', base)).body.updated_at });

    expect(before.status).toBe(200);
    expect(before.body.values.map((v: any) => v.value)).toEqual(expect.arrayContaining(['MED', 'DEN']));
    expect(before.body.values.every((v: any) => v.count > 0)).toBe(true);
    expect(before.body.unmapped_count).toBeGreaterThan(0);
    expect(before.body.baseline_values.map((v: any) => v.value)).toContain('MEDICAL');
    // A carrier code is offered the baseline word it starts, for the user to confirm; it stays unmapped until saved.
    expect(before.body.values.find((v: any) => v.value === 'MED')).toMatchObject({ status: 'unmapped', suggested_target: 'MEDICAL', match: 'likely' });
    expect(mapping.status).toBe(201);
    expect(linked.status).toBe(200);
    expect(linked.body.data_mapping_id).toBe(mapping.body.id);
    expect(after.body.unmapped_count).toBe(0);
    expect(after.body.values.find((v: any) => v.value === 'MED')).toMatchObject({ status: 'mapped', mapped_to: 'MAPPED MED' });
    expect(moved.status).toBe(200);
    expect(moved.body.step).toBe('MAP_DATA');
  });

  it('saves a data points template and applies it to another comparison', async () => {
    const template = await admin('POST', `/api/companies/${companyId}/data_points_templates`, { name: 'Flow template', columns: COMPOSITE });
    const { base } = await parsedComparison('Flow template apply');
    const applied = await admin('POST', `${base}/data_points/apply_template`, { template_id: template.body.id });
    const listed = await admin('GET', `/api/companies/${companyId}/data_points_templates`);

    expect(template.status).toBe(201);
    expect(applied.status).toBe(200);
    expect(applied.body.items).toHaveLength(COMPOSITE.length);
    expect(applied.body.skipped).toEqual([]);
    expect(listed.body.items.map((t: any) => t.id)).toContain(template.body.id);
  });

  it('moves steps only forward (SPEC §4) and refuses a stale write with 409', async () => {
    const { base } = await parsedComparison('Flow steps');
    const current = (await admin('GET', base)).body;
    const back = await admin('PATCH', base, { step: 'IMPORT_DATA', updated_at: current.updated_at });
    const tooEarly = await admin('PATCH', base, { step: 'MAP_DATA', updated_at: current.updated_at });
    const renamed = await admin('PATCH', base, { name: 'Flow steps renamed', updated_at: current.updated_at });
    const stale = await admin('PATCH', base, { name: 'Other', updated_at: current.updated_at });

    expect(back.status).toBe(400);
    expect(tooEarly.status).toBe(400);
    expect(tooEarly.body.message).toContain('unique identifier');
    expect(renamed.status).toBe(200);
    expect(stale.status).toBe(409);
  });

  it('replaces the previous file of a side with a new upload, and deletes a comparison', async () => {
    const { id, base, baseline } = await parsedComparison('Flow replace');
    const again = await uploadFile(admin, base, 'BASELINE', fixture('baseline.csv'));
    const shown = (await admin('GET', base)).body;
    const removed = await admin('DELETE', base);
    const gone = await admin('GET', comparisonPath(companyId, id));

    expect(again.id).not.toBe(baseline.id);
    expect(shown.baseline_file.id).toBe(again.id);
    expect(removed.status).toBe(204);
    expect(gone.status).toBe(404);
  });
});

describe('comparison set-up: bad input', () => {
  let base: string;
  beforeAll(async () => {
    const comparison = await createComparison(admin, companyId, 'Bad input');
    base = comparisonPath(companyId, comparison.id);
  });

  it.each([
    ['an empty file', csv('empty.csv', ''), 'empty'],
    ['a header without rows', csv('header.csv', 'SSN,First Name,Last Name\r\n'), 'no data rows'],
    ['no recognisable header', csv('numbers.csv', '1,2,3\n4,5,6\n7,8,9\n10,11,12\n'), 'column names'],
  ])('refuses %s with a message, marks the file FAILED and leaves the comparison at Import Data', async (_label, file, words) => {
    const declared = await declareAndPut(admin, base, 'BASELINE', file);
    const res = await admin('POST', `${base}/files/${declared.id}/parse`, {});
    const shown = (await admin('GET', base)).body;

    expect(res.status).toBe(400);
    expect(res.body.message).toContain(words);
    expect(shown.step).toBe('IMPORT_DATA');
    expect(shown.baseline_file).toMatchObject({ id: declared.id, status: 'FAILED', row_count: null });
  });

  it('refuses a wrong extension with 400 and a message naming the accepted types', async () => {
    const res = await admin('POST', `${base}/files`, { file_type: 'SECONDARY', name: 'census.pdf', size: 1000, content_type: 'application/pdf' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('.xlsx');
    expect((await admin('GET', base)).body.secondary_file).toBeNull();
  });

  it('refuses a declared size above 5 GB with 413 and stores nothing', async () => {
    const res = await admin('POST', `${base}/files`, { file_type: 'SECONDARY', name: 'huge.xlsx', size: 5 * 1024 * 1024 * 1024 + 1, content_type: 'application/octet-stream' });
    expect(res.status).toBe(413);
    expect(res.body.message).toContain('larger than 5 GB');
    expect((await admin('GET', base)).body.secondary_file).toBeNull();
  });

  it('refuses to parse a file whose bytes were never uploaded', async () => {
    const declared = await admin('POST', `${base}/files`, { file_type: 'SECONDARY', name: 'later.csv', size: 10, content_type: 'text/csv' });
    const res = await admin('POST', `${base}/files/${declared.body.file.id}/parse`, {});
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('not been uploaded');
  });

  it('warns about identifier blanks, and refuses an identifier column that is blank in every row', async () => {
    const comparison = await createComparison(admin, companyId, 'Identifier blanks');
    const b = comparisonPath(companyId, comparison.id);
    await uploadFile(admin, b, 'BASELINE', csv('base.csv', 'SSN,First Name,Plan\n123-45-6789,Ann,A\n,Bob,B\n234-56-7890,Cy,C\n'));
    await uploadFile(admin, b, 'SECONDARY', csv('carrier.csv', 'Member ID,FNAME,Product,Empty ID\n123456789,ANN,A,\n234567890,CY,C,\n'));
    const points = [
      { baseline_column_name: 'SSN', secondary_column_name: 'Member ID', is_unique_identifier: true },
      { baseline_column_name: 'First Name', secondary_column_name: 'FNAME', is_unique_identifier: false },
    ];
    const someBlank = await admin('PUT', `${b}/data_points`, points);
    const allBlank = await admin('PUT', `${b}/data_points`, [{ ...points[0], secondary_column_name: 'Empty ID' }, points[1]]);

    expect(someBlank.status).toBe(200);
    expect(someBlank.body.identifier_check.baseline).toMatchObject({ blank_count: 1, blank_row_numbers: [2] });
    expect(someBlank.body.warnings.join(' ')).toContain('no value in the identifier');
    expect(allBlank.status).toBe(400);
    expect(allBlank.body.message).toContain('carrier file');
  });
});

describe('comparison set-up: tenancy and roles', () => {
  async function companyOfAnotherOrganization(): Promise<string> {
    Object.assign(process.env, {
      TABLE_NAME: 'dvp-local',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_ENDPOINT_URL_DYNAMODB: endpoints().dynamodb,
    });
    const { db } = await import('../../functions/lib/db/service');
    const { data: organizations } = await db().entities.organization.query.all({}).go({ pages: 'all' });
    for (const organization of organizations.filter((o) => o.id !== organizationId)) {
      const { data } = await db().entities.company.query.byOrganization({ organization_id: organization.id }).go();
      if (data[0]) return data[0].id;
    }
    throw new Error('the demo data has no company in another organization');
  }

  it('answers 404 for another tenant’s comparison, through its company and through one’s own', async () => {
    const otherCompany = await companyOfAnotherOrganization();
    const foreign = await api('POST', `/api/companies/${otherCompany}/comparisons`, {
      as: 'admin@demo.example',
      body: { name: 'Foreign', type: 'COMPARE_ONLY', audit_type: 'GENERAL_AUDIT' },
    });
    expect(foreign.status).toBe(201);
    const foreignBase = comparisonPath(otherCompany, foreign.body.id);
    const ownBase = comparisonPath(companyId, foreign.body.id);

    for (const [method, p, body] of [
      ['GET', foreignBase],
      ['GET', ownBase],
      ['PATCH', ownBase, { name: 'x', updated_at: foreign.body.updated_at }],
      ['POST', `${ownBase}/files`, { file_type: 'BASELINE', name: 'a.csv', size: 10 }],
      ['GET', `${ownBase}/data_points/suggestions`],
      ['PUT', `${ownBase}/data_points`, COMPOSITE],
      ['DELETE', ownBase],
    ] as Array<[string, string, unknown?]>) {
      const res = await api(method, p, { as: ADMIN, body });
      expect(res.status, `${method} ${p}`).toBe(404);
    }
    expect((await api('GET', foreignBase, { as: 'admin@demo.example' })).status).toBe(200);
  });

  it('lets the verify-only user read a comparison but not change its data points or files (404)', async () => {
    const { base } = await parsedComparison('Verify-only');
    const read = await api('GET', base, { as: VERIFY_ONLY });
    const put = await api('PUT', `${base}/data_points`, { as: VERIFY_ONLY, body: COMPOSITE });
    const upload = await api('POST', `${base}/files`, { as: VERIFY_ONLY, body: { file_type: 'BASELINE', name: 'a.csv', size: 10 } });
    const create = await api('POST', `/api/companies/${companyId}/comparisons`, {
      as: VERIFY_ONLY,
      body: { name: 'No', type: 'COMPARE_ONLY', audit_type: 'GENERAL_AUDIT' },
    });

    expect(read.status).toBe(200);
    expect(put.status).toBe(404);
    expect(upload.status).toBe(404);
    expect(create.status).toBe(404);
  });

  it('shares an admin mapping with an organization through the whitelist', async () => {
    const mapping = await api('POST', '/api/admin/data_mappings', { as: 'admin@demo.example', body: { name: 'Admin tiers', fields: [{ source: 'EE', target: 'Employee' }] } });
    const hidden = await admin('GET', `/api/companies/${companyId}/data_mappings`);
    const shared = await api('POST', `/api/admin/data_mappings/${mapping.body.id}/whitelist`, { as: 'admin@demo.example', body: { organization_id: organizationId } });
    const visible = await admin('GET', `/api/companies/${companyId}/data_mappings`);
    const notAdmin = await admin('GET', '/api/admin/data_mappings');
    const unshared = await api('DELETE', `/api/admin/data_mappings/${mapping.body.id}/whitelist/${organizationId}`, { as: 'admin@demo.example' });
    const hiddenAgain = await admin('GET', `/api/companies/${companyId}/data_mappings`);

    expect(mapping.status).toBe(201);
    expect(hidden.body.items.map((m: any) => m.id)).not.toContain(mapping.body.id);
    expect(shared.status).toBe(201);
    expect(visible.body.items.find((m: any) => m.id === mapping.body.id)).toMatchObject({ level: 'ADMIN', name: 'Admin tiers' });
    expect(notAdmin.status).toBe(404);
    expect(unshared.status).toBe(204);
    expect(hiddenAgain.body.items.map((m: any) => m.id)).not.toContain(mapping.body.id);
  });
});
