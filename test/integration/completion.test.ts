import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLAN_DOES_NOT_SUPPORT_EMAIL_TEMPLATES } from '../../shared/messages';
import { api, endpoints } from '../support/api';
import { comparisonPath, listAll } from '../../infra/local/api-flow';
import { callAs, companyOf, finishedComparison, stackDb } from '../support/comparison-fixture';
import { createUserAsAdmin, demoIds, uniqueEmail } from '../support/users';

/**
 * People, e-mail, export and completion of a comparison on the local stack, through the
 * API: hand-over e-mails from the company's template, the checklist and its override, read-only
 * after completion, both exports opened as workbooks and counted, bad input and tenancy.
 */
const ADMIN = 'company-admin@demo.example';
const VERIFY_ONLY = 'company-user@demo.example';
const ORG_ADMIN = 'org-admin@demo.example';
const PLATFORM_ADMIN = 'admin@demo.example';
const admin = callAs(ADMIN);

interface Mail {
  subject?: string;
  body?: { text?: string };
  destination?: { to?: string[] };
}
async function sentEmails(): Promise<Mail[]> {
  const res = await fetch(`${endpoints().ses}/store`);
  return ((await res.json()) as { emails: Mail[] }).emails;
}
/** E-mails sent while `action` ran. */
async function emailsDuring(action: () => Promise<unknown>): Promise<Mail[]> {
  const before = (await sentEmails()).length;
  await action();
  return (await sentEmails()).slice(before);
}

async function userId(email: string): Promise<string> {
  return (await api('GET', '/api/me', { as: email })).body.id;
}

async function readWorkbook(url: string): Promise<ExcelJS.Workbook> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
  return wb;
}

/** Column values of a sheet by header (row 1), data rows only. */
function column(ws: ExcelJS.Worksheet, header: string): unknown[] {
  const headers = (ws.getRow(1).values as unknown[]).map((v) => (v === undefined || v === null ? '' : String(v)));
  const at = headers.indexOf(header);
  expect(at, `column ${header}`).toBeGreaterThan(0);
  const out: unknown[] = [];
  for (let r = 2; r <= ws.actualRowCount; r++) out.push(ws.getRow(r).getCell(at).value);
  return out;
}

async function companyOfAnotherOrganization(organizationId: string): Promise<string> {
  const db = await stackDb();
  const { data: organizations } = await db.entities.organization.query.all({}).go({ pages: 'all' });
  for (const organization of organizations.filter((o) => o.id !== organizationId)) {
    const { data } = await db.entities.company.query.byOrganization({ organization_id: organization.id }).go();
    if (data[0]) return data[0].id;
  }
  throw new Error('the demo data has no company in another organization');
}

let companyId: string;
let organizationId: string;
let adminId: string;
let verifierId: string;
let base: string;
let comparisonId: string;
let comparisonName: string;

beforeAll(async () => {
  ({ companyId, organizationId } = await companyOf(ADMIN));
  [adminId, verifierId] = await Promise.all([userId(ADMIN), userId(VERIFY_ONLY)]);
  comparisonName = `Completion ${Date.now()}`;
  const finished = await finishedComparison(ADMIN, companyId, comparisonName, 'COMPARE_MERGE');
  comparisonId = finished.id;
  base = finished.base;
});

async function current() {
  return (await api('GET', base, { as: ADMIN })).body;
}

describe('people and hand-over e-mails', () => {
  it('lists the eligible assignees of the comparison, the verify-only user among them', async () => {
    const res = await api('GET', `${base}/eligible_assignees`, { as: ADMIN });

    expect(res.status).toBe(200);
    expect(res.body.items.map((u: { id: string }) => u.id)).toEqual(expect.arrayContaining([adminId, verifierId]));
  });

  it('refuses to send to a verifier before one is chosen, naming verifier_user_id', async () => {
    const res = await api('POST', `${base}/send_to_verifier`, { as: ADMIN });

    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('verifier_user_id');
  });

  it("sends COMPARISON_TO_VERIFIER to the assigned verifier with the subject of the company's template", async () => {
    const c = await current();
    const patched = await api('PATCH', base, {
      as: ADMIN,
      body: { auditor_user_id: adminId, verifier_user_id: verifierId, verifier_memo: 'Premiums first, please.', updated_at: c.updated_at },
    });
    expect(patched.status).toBe(200);
    const template = await api('PUT', `/api/companies/${companyId}/email_templates/COMPARISON_TO_VERIFIER`, {
      as: ORG_ADMIN,
      body: { subject: '[company template] Verify {{comparison_name}}', body: 'Hello {{recipient_name}}: {{memo}} {{comparison_url}}' },
    });
    expect(template.status).toBe(200);
    expect(template.body.source).toBe('COMPANY');
    try {
      let res: { status: number; body: any } | undefined;
      const mails = await emailsDuring(async () => {
        res = await api('POST', `${base}/send_to_verifier`, { as: ADMIN });
      });

      expect(res!.status).toBe(200);
      const mail = mails.find((m) => m.subject === `[company template] Verify ${comparisonName}`);
      expect(mail?.destination?.to).toEqual([VERIFY_ONLY]);
      expect(mail?.body?.text ?? JSON.stringify(mail)).toContain('Premiums first, please.');
    } finally {
      await api('DELETE', `/api/companies/${companyId}/email_templates/COMPARISON_TO_VERIFIER`, { as: ORG_ADMIN });
    }
  });

  it('lets the verify-only verifier send it back to the auditor (COMPARISON_TO_AUDITOR, default text)', async () => {
    let status = 0;
    const mails = await emailsDuring(async () => {
      status = (await api('POST', `${base}/send_to_auditor`, { as: VERIFY_ONLY })).status;
    });

    expect(status).toBe(200);
    const mail = mails.find((m) => m.subject?.includes(comparisonName));
    expect(mail?.destination?.to).toEqual([ADMIN]);
    expect(mail?.subject).toBe(`The comparison "${comparisonName}" for ${(await api('GET', `/api/companies/${companyId}`, { as: ADMIN })).body.name} is back with you`);
  });
});

describe('who may be auditor or verifier', () => {
  /** PATCHes one assignment field and expects 400 naming it, with the comparison left as it was. */
  async function expectRefused(field: 'auditor_user_id' | 'verifier_user_id', id: string) {
    const before = await current();

    const res = await api('PATCH', base, { as: ADMIN, body: { [field]: id, updated_at: before.updated_at } });

    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty(field);
    expect(await current()).toEqual(before);
  }

  it("refuses another organization's user as verifier (400 naming verifier_user_id), writing nothing", async () => {
    const foreign = await createUserAsAdmin({ email: uniqueEmail('foreign'), role: 'ORGANIZATION_USER', organization_id: (await demoIds()).org2 });

    await expectRefused('verifier_user_id', foreign.id);
  });

  it('refuses an id that is nobody as auditor (400 naming auditor_user_id), writing nothing', async () => {
    await expectRefused('auditor_user_id', `no-such-user-${Date.now()}`);
  });

  it("refuses a user of the organization's other company, and a disabled user of this company", async () => {
    const ids = await demoIds();
    const otherCompany = await createUserAsAdmin({ email: uniqueEmail('other-co'), role: 'COMPANY_USER', organization_id: ids.org1, company_id: ids.company2 });
    const disabled = await createUserAsAdmin({ email: uniqueEmail('disabled'), role: 'COMPANY_USER', organization_id: ids.org1, company_id: ids.company1 });
    expect((await api('POST', `/api/admin/users/${disabled.id}/disable`, { as: PLATFORM_ADMIN })).status).toBe(200);

    await expectRefused('verifier_user_id', otherCompany.id);
    await expectRefused('auditor_user_id', disabled.id);
  });

  it('accepts an eligible user and clearing the field', async () => {
    const c = await current();
    const set = await api('PATCH', base, { as: ADMIN, body: { auditor_user_id: verifierId, updated_at: c.updated_at } });
    expect(set.status).toBe(200);
    expect(set.body.auditor_user_id).toBe(verifierId);

    const back = await api('PATCH', base, { as: ADMIN, body: { auditor_user_id: adminId, updated_at: set.body.updated_at } });
    expect(back.status).toBe(200);
    expect(back.body.auditor_user_id).toBe(adminId);
  });

  it('sends COMPARISON_COMPLETE only to eligible people, even when a stored assignment is not', async () => {
    const foreign = await createUserAsAdmin({ email: uniqueEmail('foreign-mail'), role: 'ORGANIZATION_USER', organization_id: (await demoIds()).org2 });
    const other = await finishedComparison(ADMIN, companyId, `Completion mail ${Date.now()}`);
    const db = await stackDb();
    // An assignment made before assignments were checked, written straight to the table.
    await db.entities.comparison.patch({ organization_id: organizationId, company_id: companyId, id: other.id }).set({ verifier_user_id: foreign.id }).go();

    let status = 0;
    const mails = await emailsDuring(async () => {
      status = (await api('POST', `${other.base}/complete`, { as: ADMIN, body: { override: true } })).status;
    });

    expect(status).toBe(200);
    const recipients = mails.flatMap((m) => m.destination?.to ?? []);
    expect(recipients).toContain(ADMIN);
    expect(recipients).not.toContain(foreign.email);
  });
});

describe('e-mail templates', () => {
  it('reads the platform, organization and company templates with where each comes from', async () => {
    const platform = await api('GET', '/api/platform-email-templates', { as: ADMIN });
    const org = await api('GET', `/api/organizations/${organizationId}/email_templates`, { as: ORG_ADMIN });
    const company = await api('GET', `/api/companies/${companyId}/email_templates`, { as: ADMIN });

    for (const res of [platform, org, company]) {
      expect(res.status).toBe(200);
      expect(res.body.items.map((t: { email_type: string }) => t.email_type)).toEqual(expect.arrayContaining(['COMPARISON_TO_VERIFIER', 'COMPARISON_COMPLETE']));
    }
    expect(company.body.items.find((t: { email_type: string }) => t.email_type === 'COMPARISON_COMPLETE').source).toMatch(/DEFAULT|PLATFORM|ORGANIZATION/);
  });

  it("refuses a template write on a base-plan organization with the plan message (403)", async () => {
    // An organization of this test's own on the base plan: other tests' organizations may be on any plan.
    const created = await api('POST', '/api/admin/organizations', { as: PLATFORM_ADMIN, body: { name: `Base plan ${Date.now()}`, plan: 'DVP_BASE' } });
    expect(created.status).toBe(201);
    const res = await api('PUT', `/api/organizations/${created.body.id}/email_templates/COMPARISON_COMPLETE`, {
      as: PLATFORM_ADMIN,
      body: { subject: 'x', body: 'y' },
    });

    expect(res.status).toBe(403);
    expect(res.body.message).toBe(PLAN_DOES_NOT_SUPPORT_EMAIL_TEMPLATES);
  });

  it('refuses a template write by a company admin (404) and an unknown e-mail type (400 naming email_type)', async () => {
    const byCompanyAdmin = await api('PUT', `/api/companies/${companyId}/email_templates/COMPARISON_COMPLETE`, { as: ADMIN, body: { subject: 'x', body: 'y' } });
    const unknown = await api('PUT', `/api/organizations/${organizationId}/email_templates/NOPE`, { as: ORG_ADMIN, body: { subject: 'x', body: 'y' } });

    expect(byCompanyAdmin.status).toBe(404);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toHaveProperty('email_type');
  });
});

describe('export columns and their templates', () => {
  it('creates a company template, applies it, and answers the plan with renamed headers', async () => {
    const created = await api('POST', `/api/companies/${companyId}/export_columns_templates`, {
      as: ADMIN,
      body: {
        name: `Short export ${Date.now()}`,
        columns: [
          { baseline_column_name: 'SSN', index: 0, formatting_rule: 'SSN_WITHOUT_DASHES' },
          { baseline_column_name: 'First Name', index: 1, renamed_column_name: 'Given Name' },
          { baseline_column_name: 'Last Name', index: 2 },
          { baseline_column_name: 'Monthly Premium', index: 3 },
          { baseline_column_name: 'No Such Column', index: 4 },
        ],
      },
    });
    expect(created.status).toBe(201);
    const listed = await api('GET', `/api/companies/${companyId}/export_columns_templates`, { as: ADMIN });
    expect(listed.body.items.map((t: { id: string }) => t.id)).toContain(created.body.id);

    const applied = await api('POST', `${base}/export_columns/apply_template`, { as: ADMIN, body: { template_id: created.body.id } });

    expect(applied.status).toBe(200);
    expect(applied.body.items).toHaveLength(5);
    expect(applied.body.plan.map((p: { header: string }) => p.header)).toEqual(['SSN', 'Given Name', 'Last Name', 'Monthly Premium']);
    expect(applied.body.missing.map((m: { column_name: string }) => m.column_name)).toEqual(['No Such Column']);
  });

  it('updates a template only with the updated_at it read (stale → 409) and deletes it', async () => {
    const org = await api('POST', `/api/organizations/${organizationId}/export_columns_templates`, {
      as: ORG_ADMIN,
      body: { name: `Org export ${Date.now()}`, columns: [{ baseline_column_name: 'SSN', index: 0 }] },
    });
    expect(org.status).toBe(201);
    const path = `/api/organizations/${organizationId}/export_columns_templates/${org.body.id}`;

    const first = await api('PATCH', path, { as: ORG_ADMIN, body: { name: 'Renamed', updated_at: org.body.updated_at } });
    const stale = await api('PATCH', path, { as: ORG_ADMIN, body: { name: 'Again', updated_at: org.body.updated_at } });
    const removed = await api('DELETE', path, { as: ORG_ADMIN });

    expect(first.status).toBe(200);
    expect(stale.status).toBe(409);
    expect(removed.status).toBe(204);
    expect((await api('GET', path, { as: ORG_ADMIN })).status).toBe(404);
  });

  it('refuses export columns with a repeated index, naming the field', async () => {
    const res = await api('PUT', `${base}/export_columns`, {
      as: ADMIN,
      body: [
        { file_type: 'BASELINE', baseline_column_name: 'SSN', index: 0 },
        { file_type: 'BASELINE', baseline_column_name: 'DOB', index: 0 },
      ],
    });

    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('1.index');
  });
});

describe('completion and export', () => {
  let resolvedValue: string;
  let discrepancyCount: number;
  let baselineRows: number;

  it('lets no verify-only user complete (404)', async () => {
    const res = await api('POST', `${base}/complete`, { as: VERIFY_ONLY, body: {} });

    expect(res.status).toBe(404);
  });

  it('refuses to complete with open items: 400 listing the blockers', async () => {
    const res = await api('POST', `${base}/complete`, { as: ADMIN, body: {} });

    expect(res.status).toBe(400);
    expect(res.body.blockers).toEqual(expect.arrayContaining([expect.stringMatching(/discrepanc(y|ies) of \d+ not resolved/), expect.stringMatching(/missing rows? of \d+ not included or excluded/)]));
    expect((await current()).step).not.toBe('COMPLETE');
  });

  it('resolves discrepancies and decides missing rows (through the verification API)', async () => {
    const discrepancies = await listAll(admin, `${base}/data_point_discrepancies?skipverification=true`);
    discrepancyCount = discrepancies.length;
    // A premium discrepancy gets a typed value: it is in the export columns, so the merged file shows it.
    const points = (await api('GET', `${base}/data_points`, { as: ADMIN })).body;
    const premium = (Array.isArray(points) ? points : points.items).find((p: { baseline_column_name: string }) => p.baseline_column_name === 'Monthly Premium');
    const first = discrepancies.find((d) => d.data_point_id === premium?.id) ?? discrepancies[0];
    resolvedValue = '4321.09';
    const res = await api('PATCH', `${base}/data_point_discrepancies/${first.id}`, {
      as: ADMIN,
      body: { resolved_discrepancy_type: 'COST', resolved_value_source: 'CUSTOM', resolved_value: resolvedValue, resolved_notes: 'typed', updated_at: first.updated_at },
    });
    expect(res.status).toBe(200);
    expect(first.data_point_id, 'the small pair has a premium discrepancy').toBe(premium?.id);

    const missing = await listAll(admin, `${base}/missing_discrepancies`);
    const carrierOnly = missing.find((m) => m.kind === 'MISSING_IN_BASELINE');
    const baselineOnly = missing.find((m) => m.kind === 'MISSING_IN_SECONDARY');
    const include = await api('PATCH', `${base}/missing_discrepancies/${carrierOnly.id}`, {
      as: ADMIN,
      body: { resolved_inclusion: true, resolved_discrepancy_type: 'MISSING_ENROLLMENT', updated_at: carrierOnly.updated_at },
    });
    const exclude = await api('PATCH', `${base}/missing_discrepancies/${baselineOnly.id}`, {
      as: ADMIN,
      body: { resolved_inclusion: false, resolved_discrepancy_type: 'TERM', updated_at: baselineOnly.updated_at },
    });
    expect(include.status).toBe(200);
    expect(exclude.status).toBe(200);
    baselineRows = (await current()).summary.baseline_rows;
  });

  it('exports DISCREPANCIES: Summary first, every discrepancy, the typed value present', async () => {
    const res = await api('POST', `${base}/export`, { as: ADMIN, body: { kind: 'DISCREPANCIES' } });
    expect(res.status).toBe(200);

    const wb = await readWorkbook(res.body.url);

    expect(wb.worksheets[0]!.name).toBe('Summary');
    const detail = wb.getWorksheet('Discrepancies')!;
    expect(detail.actualRowCount - 1).toBe(discrepancyCount);
    expect(column(detail, 'Resolved Value').map(String)).toContain(resolvedValue);
    expect(column(wb.getWorksheet('Missing Data')!, 'Decision').filter((v) => /include/i.test(String(v)))).toHaveLength(1);
  });

  it('exports MERGED: baseline rows minus the excluded one plus the included carrier row, in the export columns', async () => {
    const res = await api('POST', `${base}/export`, { as: ADMIN, body: { kind: 'MERGED' } });
    expect(res.status).toBe(200);

    const wb = await readWorkbook(res.body.url);

    expect(wb.worksheets[0]!.name).toBe('Summary');
    const merged = wb.getWorksheet('Merged Data')!;
    expect(merged.actualRowCount - 1).toBe(baselineRows - 1 + 1);
    expect((merged.getRow(1).values as unknown[]).filter(Boolean)).toEqual(['SSN', 'Given Name', 'Last Name', 'Monthly Premium', 'Merge Status']);
    // The typed premium is a number cell (money), and its row is marked.
    const premiums = column(merged, 'Monthly Premium');
    const at = premiums.findIndex((v) => v === 4321.09);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(String(column(merged, 'Merge Status')[at])).toBe('[merge] Monthly Premium');
    const status = column(merged, 'Merge Status').map((v) => String(v ?? ''));
    expect(status.filter((v) => v === '[merge] added from carrier file')).toHaveLength(1);
    // The row added from the carrier file is the last one; the baseline rows come first, one fewer.
    expect(status.lastIndexOf('[merge] added from carrier file')).toBe(baselineRows - 1);
    // SSN_WITHOUT_DASHES: no SSN keeps its dashes.
    const ssns = column(merged, 'SSN').map((v) => String(v ?? ''));
    expect(ssns.filter((v) => /^\d{9}$/.test(v)).length).toBeGreaterThan(0);
    expect(ssns.filter((v) => /^\d{3}-\d{2}-\d{4}$/.test(v))).toHaveLength(0);
  });

  it('refuses an unknown kind with 400 naming kind, and MERGED on a Compare Only comparison', async () => {
    const unknown = await api('POST', `${base}/export`, { as: ADMIN, body: { kind: 'PDF' } });
    const compareOnly = await api('POST', `/api/companies/${companyId}/comparisons`, {
      as: ADMIN,
      body: { name: `Compare only ${Date.now()}`, type: 'COMPARE_ONLY', audit_type: 'GENERAL_AUDIT' },
    });
    const merged = await api('POST', `${comparisonPath(companyId, compareOnly.body.id)}/export`, { as: ADMIN, body: { kind: 'MERGED' } });

    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toHaveProperty('kind');
    expect(merged.status).toBe(400);
    expect(merged.body.errors).toHaveProperty('kind');
  });

  it('lets no verify-only user export (404)', async () => {
    const res = await api('POST', `${base}/export`, { as: VERIFY_ONLY, body: { kind: 'DISCREPANCIES' } });

    expect(res.status).toBe(404);
  });

  it("answers 404 for another tenant's company in the path", async () => {
    const other = await companyOfAnotherOrganization(organizationId);
    const path = comparisonPath(other, comparisonId);

    for (const [method, suffix, body] of [
      ['POST', '/complete', { override: true }],
      ['POST', '/export', { kind: 'DISCREPANCIES' }],
      ['GET', '/export_columns', undefined],
      ['POST', '/send_to_verifier', undefined],
    ] as const) {
      expect((await api(method, `${path}${suffix}`, { as: ADMIN, body })).status, suffix).toBe(404);
    }
  });

  it('completes with an override by the company admin: recorded, COMPARISON_COMPLETE to auditor, verifier and creator', async () => {
    let res: { status: number; body: any } | undefined;
    const mails = await emailsDuring(async () => {
      res = await api('POST', `${base}/complete`, { as: ADMIN, body: { override: true, note: 'Carrier confirmed by phone' } });
    });

    expect(res!.status).toBe(200);
    expect(res!.body.overridden).toBe(true);
    const c = await current();
    expect(c.step).toBe('COMPLETE');
    expect(c.completion_override).toBe(true);
    expect(c.completed_by_user_id).toBe(adminId);
    expect(c.completed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const mail = mails.find((m) => m.subject?.includes(comparisonName));
    expect(mail?.subject).toMatch(/is complete$/);
    expect([...(mail?.destination?.to ?? [])].sort()).toEqual([ADMIN, VERIFY_ONLY].sort());
  });

  it('is read-only afterwards: PATCH, export columns and complete again answer 409; exports still work', async () => {
    const c = await current();

    const patch = await api('PATCH', base, { as: ADMIN, body: { name: 'Changed', updated_at: c.updated_at } });
    const columns = await api('PUT', `${base}/export_columns`, { as: ADMIN, body: [] });
    const again = await api('POST', `${base}/complete`, { as: ADMIN, body: { override: true } });
    const exported = await api('POST', `${base}/export`, { as: ADMIN, body: { kind: 'DISCREPANCIES' } });

    expect(patch.status).toBe(409);
    expect(columns.status).toBe(409);
    expect(again.status).toBe(409);
    expect(exported.status).toBe(200);
  });
});
