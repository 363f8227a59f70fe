import { randomUUID } from 'node:crypto';
import { DynamoDBClient, ScanCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteDef } from '../../functions/routes';
import { demoUsers } from '../../infra/local/demo-data';
import { api, endpoints } from '../support/api';
import { stackDb } from '../support/comparison-fixture';
import { idFieldsOf, sampleBody } from '../support/sample-body';
import { gateAccess } from '../../shared/permissions/route-gates';
import { demoIds, type DemoIds } from '../support/users';

/**
 * Another tenant's real records stay invisible: a foreign tenant is written with one real record of
 * every entity of the table (the list comes from the ElectroDB service itself, so a new entity
 * without a record here fails the first test), then every route of the route table is called as
 * every tenant role of the demo tenant with that tenant's real ids in its path, and with mixed
 * paths (the caller's own organization, company or agency, the foreign ids beneath it). Every
 * answer must be 404 (a write whose empty body is refused first may be 400: that answer is the same
 * for any id), and a scan of the table before and after shows the foreign records unchanged.
 */

/** Platform-wide records: no tenant owns them, so there is nothing foreign to hide (a suppressed address is keyed by the address SES reported, and read only through a user the caller manages). */
const PLATFORM_ENTITIES = new Set(['carrier', 'platformEmailTemplate', 'emailSuppression']);
/** Staff see every tenant by design (SPEC §6); the probes are for tenant roles. */
const STAFF_ROLES = new Set(['ADMIN', 'ADMIN_COMPARER']);

type Ids = Record<string, string>;
let foreign: Ids;
let own: DemoIds;
const seeded = new Set<string>();

/** Items written into the demo tenant for the probes, removed again when the file ends. */
const ownItems: { entity: string; item: Record<string, unknown> }[] = [];

/**
 * One real record of every entity: a new tenant's own agency, organization and company, or, given
 * `under`, the records beneath an existing organization and company (the demo tenant's, so that
 * its users can name them in paths).
 */
async function seedTenant(under?: { agency_id: string; organization_id: string; company_id: string }): Promise<Ids> {
  const db = await stackDb();
  const e = db.entities;
  const made = <T>(entity: string, p: Promise<{ data: T }>) =>
    p.then((r) => {
      if (under) ownItems.push({ entity, item: r.data as Record<string, unknown> });
      else seeded.add(entity);
      return r.data;
    });
  const ids: Ids = {};
  const label = under ? 'Own' : 'Foreign';
  const agency = under ? { id: under.agency_id } : await made('agency', e.agency.create({ name: `${label} agency ${randomUUID()}` }).go());
  const organization = under
    ? { id: under.organization_id }
    : await made('organization', e.organization.create({ name: `${label} org ${randomUUID()}`, plan: 'DVP_PLATINUM_ELITE' }).go());
  const org = { organization_id: organization.id };
  if (!under) await made('organizationAgency', e.organizationAgency.create({ ...org, agency_id: agency.id, agency_management_type: 'ORGANIZATION_PRIMARY' }).go());
  // The demo organization has its own service types and systems; one of each is enough for the foreign tenant.
  const serviceType = under ? undefined : await made('organizationServiceType', e.organizationServiceType.create({ ...org, service_type: 'ACA' }).go());
  const bas = under ? undefined : await made('organizationBenefitAdminSystem', e.organizationBenefitAdminSystem.create({ ...org, benefit_admin_system: 'EASE' }).go());
  const company = under ? { id: under.company_id } : await made('company', e.company.create({ ...org, name: `${label} company` }).go());
  const tenant = { ...org, company_id: company.id };
  const user = await made('user', e.user.create({ id: randomUUID(), username: `f-${randomUUID()}`, email: `f-${randomUUID()}@${label.toLowerCase()}.example`, role: 'ORGANIZATION_ADMIN', ...org }).go());
  const whitelist = await made('usersWhitelist', e.usersWhitelist.create({ user_id: user.id, ...tenant }).go());
  const carrier = await made('carrier', e.carrier.create({ name: `${label} carrier ${randomUUID()}` }).go());
  const companyCarrier = await made('companyCarrier', e.companyCarrier.create({ ...tenant, carrier_id: carrier.id, renewal_month: 'JULY' }).go());
  const plan = await made('companyCarrierPlan', e.companyCarrierPlan.create({ ...tenant, company_carrier_id: companyCarrier.id, name: `${label} plan`, benefit_type: 'MEDICAL' }).go());
  const comparison = await made('comparison', e.comparison.create({ ...tenant, name: `${label} comparison`, type: 'COMPARE_MERGE', audit_type: 'ENROLLMENT_AUDIT' }).go());
  const cmp = { ...tenant, comparison_id: comparison.id };
  const file = await made('file', e.file.create({ ...cmp, file_type: 'BASELINE', name: `${label.toLowerCase()}.csv`, storage_key: `uploads/${organization.id}/${company.id}/${comparison.id}/x.csv` }).go());
  const dataPoint = await made('dataPoint', e.dataPoint.create({ ...cmp, position: 0, baseline_column_name: 'SSN', secondary_column_name: 'Member ID', is_unique_identifier: true }).go());
  const column = { id: randomUUID(), baseline_column_name: 'SSN', secondary_column_name: 'Member ID', is_unique_identifier: true };
  const orgTemplate = await made('dataPointsTemplate', e.dataPointsTemplate.create({ ...org, name: `${label} template`, columns: [column] }).go());
  const companyTemplate = await made('dataPointsTemplate', e.dataPointsTemplate.create({ ...tenant, name: `${label} company template`, columns: [column] }).go());
  const field = { id: randomUUID(), source: 'MED', target: 'MEDICAL' };
  const orgMapping = await made('dataMapping', e.dataMapping.create({ owner: organization.id, ...org, name: `${label} mapping`, fields: [field] }).go());
  const companyMapping = await made('dataMapping', e.dataMapping.create({ owner: organization.id, ...tenant, name: `${label} company mapping`, fields: [field] }).go());
  await made('dataMappingsAdminWhitelist', e.dataMappingsAdminWhitelist.create({ data_mapping_id: orgMapping.id, ...org }).go());
  const run = { ...cmp, run_id: randomUUID() };
  const discrepancy = await made(
    'dataPointDiscrepancy',
    e.dataPointDiscrepancy.create({ ...run, id: randomUUID(), data_point_id: dataPoint.id, baseline_row_index: 1, secondary_row_index: 1, unique_identifier: '***-**-1234' }).go(),
  );
  const missing = await made('missingDiscrepancy', e.missingDiscrepancy.create({ ...run, id: randomUUID(), kind: 'MISSING_IN_BASELINE', unique_identifier: '***-**-5678' }).go());
  const person = { row: 0, first_name: 'Ann', last_name: label, relationship: 'employee', gender: 'female', zip: '02139', coverage_line: 'medical' };
  const candidate = await made(
    'matchCandidate',
    e.matchCandidate
      .create({ ...cmp, id: 'c00000000', baseline_file_id: file.id, secondary_file_id: file.id, secondary_row: 0, secondary_person: person, baseline_row: 0, baseline_person: person, confidence: 80, reasons: 'same DOB', alternatives: [] })
      .go(),
  );
  await made(
    'fixedFinding',
    e.fixedFinding.create({ ...run, id: randomUUID(), previous_comparison_id: cmp.comparison_id, previous_finding_id: missing.id, kind: 'MISSING_IN_BASELINE', unique_identifier: '***-**-5678' }).go(),
  );
  await made('dataPointMerge', e.dataPointMerge.create({ ...cmp, id: randomUUID(), data_point_discrepancy_id: discrepancy.id, data_point_id: dataPoint.id, baseline_row_index: 1 }).go());
  await made('missingDiscrepancyMerge', e.missingDiscrepancyMerge.create({ ...cmp, id: randomUUID(), missing_discrepancy_id: missing.id, data_point_id: dataPoint.id }).go());
  await made('exportColumn', e.exportColumn.create({ ...cmp, file_type: 'BASELINE', index: 0, baseline_column_name: 'SSN' }).go());
  const exportColumns = [{ id: randomUUID(), baseline_column_name: 'SSN', index: 0 }];
  const orgExportTemplate = await made('exportColumnsTemplate', e.exportColumnsTemplate.create({ ...org, name: `${label} export`, columns: exportColumns }).go());
  const companyExportTemplate = await made('exportColumnsTemplate', e.exportColumnsTemplate.create({ ...tenant, name: `${label} company export`, columns: exportColumns }).go());
  if (!under) await made('emailTemplate', e.emailTemplate.create({ ...org, email_type: 'COMPARISON_TO_VERIFIER', slot: 'organization#COMPARISON_TO_VERIFIER', subject: 's', body: 'b' }).go());
  if (!under) seeded.add('platformEmailTemplate');
  const task = await made('task', e.task.create({ ...tenant, task_type: 'RENEWAL' }).go());
  const renewal = await made(
    'renewal',
    e.renewal.create({ ...tenant, company_carrier_id: companyCarrier.id, task_id: task.id, period: '2031-07', year: 2031, month: 'JULY' }).go(),
  );
  const renewalPlan = await made('renewalPlan', e.renewalPlan.create({ ...tenant, renewal_id: renewal.id, company_carrier_plan_id: plan.id }).go());
  await made(
    'renewalReminder',
    e.renewalReminder.create({ ...tenant, renewal_id: renewal.id, step: 'CLIENT_INFORMATION', day: '2031-06-02', expires_at: Math.floor(Date.parse('2031-09-01') / 1000) }).go(),
  );
  const inTask = { ...tenant, task_id: task.id };
  // The demo organization keeps its own seats item; only the new tenant gets one here.
  if (!under) await made('comparerSeats', e.comparerSeats.create({ ...org, holder_ids: [user.id] }).go());
  const owner = await made('taskOwner', e.taskOwner.create({ ...inTask, user_id: user.id }).go());
  const assignee = await made('taskAssignee', e.taskAssignee.create({ ...inTask, task_type: 'RENEWAL', step: 'CLIENT_INFORMATION', user_id: user.id }).go());
  await made('taskNote', e.taskNote.create({ ...inTask, task_type: 'RENEWAL', step: 'CLIENT_INFORMATION', user_id: user.id, notes: `${label} note` }).go());
  const taskFile = await made(
    'taskFile',
    e.taskFile.create({ ...inTask, task_type: 'RENEWAL', step: 'CLIENT_INFORMATION', created_by_user_id: user.id, name: 'f.txt', size: 1, content_type: 'text/plain', storage_path: 'task-files/x', storage_verified: true }).go(),
  );
  const conversion = await made(
    'carrierFileConversion',
    e.carrierFileConversion
      .create({
        ...tenant,
        source_file_type: 'GUARDIAN_ROW_BASED_ORIGINAL',
        name: `${label.toLowerCase()}-guardian.csv`,
        original_key: `uploads/${organization.id}/${company.id}/carrier-file-conversions/x/original.csv`,
        status: 'CONVERTED',
        converted_key: `uploads/${organization.id}/${company.id}/carrier-file-conversions/x/converted.xlsx`,
        created_by_user_id: user.id,
      })
      .go(),
  );
  await made(
    'auditEvent',
    e.auditEvent
      .create({ partition: organization.id, action: 'COMPARISON_EXPORTED', actor_user_id: user.id, ...cmp, target_type: 'COMPARISON', target_id: comparison.id, target_name: `${label} comparison - Discrepancies.xlsx`, detail: 'DISCREPANCIES' })
      .go(),
  );
  Object.assign(ids, {
    agency_id: agency.id,
    organization_id: organization.id,
    company_id: company.id,
    user_id: user.id,
    whitelist_id: whitelist.id,
    ...(serviceType && bas ? { service_type_id: serviceType.id, benefit_admin_system_id: bas.id } : {}),
    carrier_id: carrier.id,
    company_carrier_id: companyCarrier.id,
    company_carrier_plan_id: plan.id,
    comparison_id: comparison.id,
    comparison_file_id: file.id,
    data_point_id: dataPoint.id,
    organization_data_points_template_id: orgTemplate.id,
    company_data_points_template_id: companyTemplate.id,
    organization_data_mapping_id: orgMapping.id,
    company_data_mapping_id: companyMapping.id,
    data_point_discrepancy_id: discrepancy.id,
    missing_discrepancy_id: missing.id,
    candidate_id: candidate.id,
    organization_export_columns_template_id: orgExportTemplate.id,
    company_export_columns_template_id: companyExportTemplate.id,
    renewal_id: renewal.id,
    renewal_plan_id: renewalPlan.id,
    task_id: task.id,
    owner_id: owner.id,
    assignee_id: assignee.id,
    task_file_id: taskFile.id,
    conversion_id: conversion.id,
  });
  return ids;
}

/** The id (or value) of `ids`'s tenant for a path parameter, by its name and where it sits in the path. */
function valueFor(ids: Ids, route: RouteDef, name: string): string {
  const underOrganization = route.path.startsWith('/api/organizations/') || route.path.startsWith('/api/admin/');
  switch (name) {
    case 'file_id':
      return route.path.includes('/tasks/') ? ids.task_file_id : ids.comparison_file_id;
    case 'id':
      return route.path.includes('/missing_discrepancies/') ? ids.missing_discrepancy_id : ids.data_point_discrepancy_id;
    case 'data_points_template_id':
    case 'data_mapping_id':
    case 'export_columns_template_id':
      return ids[`${underOrganization ? 'organization' : 'company'}_${name}`];
    case 'kind':
      return 'companies';
    case 'email_type':
      return 'COMPARISON_TO_VERIFIER';
    case 'upload_id':
      // Storage's id of a multipart upload, not a record: the file it belongs to is what is guarded.
      return 'probe-upload';
    default:
      if (!ids[name]) throw new Error(`No seeded record for the path parameter {${name}} of ${route.method} ${route.path}: give the seeded tenant one`);
      return ids[name];
  }
}

const foreignValue = (route: RouteDef, name: string) => valueFor(foreign, route, name);

/** Path parameters that name a kind of thing, not a record: the same for every tenant. */
const LITERALS = new Set(['kind', 'email_type', 'upload_id']);

/** The caller's own tenant id for the first parameter of a mixed path. */
const OWN: Record<string, (ids: DemoIds) => string> = { organization_id: (i) => i.org1, company_id: (i) => i.company1, agency_id: (i) => i.agency };

function pathsFor(route: RouteDef): string[] {
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  if (!names.length) return [];
  const fill = (ownFirst: boolean) => {
    let first = true;
    return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = first && ownFirst && OWN[name] ? OWN[name](own) : foreignValue(route, name);
      first = false;
      return encodeURIComponent(value);
    });
  };
  const paths = [fill(false)];
  // A mixed path needs a foreign id beneath the caller's own tenant; a kind or an e-mail type is not one.
  if (OWN[names[0]] && names.slice(1).some((n) => !LITERALS.has(n))) paths.push(fill(true));
  return paths;
}

/** Every table item that names a foreign id, as JSON by key: what a probe must never change. */
async function foreignItems(): Promise<Map<string, string>> {
  const client = new DynamoDBClient({ endpoint: endpoints().dynamodb, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const wanted = Object.values(foreign);
  const items = new Map<string, string>();
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: 'dvp-local', ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) {
      const json = JSON.stringify(item);
      if (wanted.some((id) => json.includes(id))) items.set(`${item.pk?.S}|${item.sk?.S}`, json);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  client.destroy();
  return items;
}

/** The foreign record a body field names, by the field's name and the route it is sent to. */
function foreignBodyValue(route: RouteDef, field: string): string | undefined {
  const name = field.split('.').pop()!;
  if (name === 'carrier_id') return undefined; // carriers are platform-wide
  if (name.endsWith('user_id')) return foreign.user_id;
  if (name === 'organization_benefit_admin_system_id') return foreign.benefit_admin_system_id;
  if (name === 'data_mapping_id') return foreign.organization_data_mapping_id;
  if (name === 'template_id') return route.path.includes('/export_columns/') ? foreign.company_export_columns_template_id : foreign.company_data_points_template_id;
  if (name === 'ids') return route.path.includes('/missing_discrepancies') ? foreign.missing_discrepancy_id : foreign.data_point_discrepancy_id;
  if (foreign[name]) return foreign[name];
  throw new Error(`No foreign record for the body field ${field} of ${route.method} ${route.path}: name one in foreignBodyValue`);
}

/** The caller's own ids in a path: the demo tenant, and the records seeded beneath its first company. */
function ownPath(route: RouteDef): string {
  const mine: Ids = { ...ownSeed, organization_id: own.org1, company_id: own.company1, agency_id: own.agency };
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(valueFor(mine, route, name)));
}

let ownSeed: Ids;

beforeAll(async () => {
  own = await demoIds();
  foreign = await seedTenant();
  ownSeed = await seedTenant({ agency_id: own.agency, organization_id: own.org1, company_id: own.company1 });
}, 120_000);

afterAll(async () => {
  const db = await stackDb();
  const entities = db.entities as unknown as Record<string, { delete(item: Record<string, unknown>): { go(): Promise<unknown> } }>;
  for (const { entity, item } of ownItems.reverse()) await entities[entity].delete(item).go();
});

describe("another tenant's real records", () => {
  it('exist for every entity of the table', async () => {
    const db = await stackDb();
    const missing = Object.keys(db.entities).filter((name) => !seeded.has(name) && !PLATFORM_ENTITIES.has(name));
    expect(missing, 'entities with no foreign record: add one to seedForeignTenant').toEqual([]);
  });

  it('answer 404 on every route, for every tenant role, and nothing is written', async () => {
    const before = await foreignItems();
    expect(before.size).toBeGreaterThan(25);
    const roles = demoUsers.filter((u) => !STAFF_ROLES.has(u.role));
    const leaks: string[] = [];
    let requests = 0;
    let probed = 0;
    for (const route of routes.filter((r) => r.access === 'signed-in')) {
      const paths = pathsFor(route);
      if (!paths.length) continue;
      probed++;
      const read = route.method === 'GET';
      for (const user of roles) {
        for (const path of paths) {
          const res = await api(route.method, path, { as: user.email, body: read ? undefined : {}, skipContractCheck: true });
          requests++;
          const ok = res.status === 404 || (!read && res.status === 400);
          if (!ok) leaks.push(`${user.role} ${route.method} ${path.replace(/[0-9a-f-]{36}/g, '…')}: ${res.status} ${JSON.stringify(res.body).slice(0, 100)}`);
        }
      }
    }
    const after = await foreignItems();
    const writes = [...new Set([...before.keys(), ...after.keys()])].filter((k) => before.get(k) !== after.get(k));
    console.log(`${probed} routes × ${roles.length} roles × their foreign and mixed paths (${requests} requests): ${leaks.length} leaks, ${writes.length} writes`);
    expect(leaks).toEqual([]);
    expect(writes).toEqual([]);
  }, 600_000);

  it("are refused when named in a body sent to the caller's own records, and nothing is written", async () => {
    const before = await foreignItems();
    const roles = demoUsers.filter((u) => !STAFF_ROLES.has(u.role));
    const leaks: string[] = [];
    const answers = new Map<string, number>();
    const decided = new Set<string>();
    const misfired = new Set<string>();
    let requests = 0;
    let fields = 0;
    const probedRoutes = new Set<string>();
    for (const route of routes.filter((r) => r.access === 'signed-in' && r.endpoint?.body)) {
      for (const field of idFieldsOf(route.endpoint!.body!)) {
        const value = foreignBodyValue(route, field);
        if (!value) continue;
        fields++;
        const name = `${route.method} ${route.path}`;
        probedRoutes.add(name);
        const path = ownPath(route);
        for (const user of roles) {
          const sample = sampleBody(route.endpoint!.body!, field, value, (n) => ownSeed[n]);
          const body = Array.isArray(sample) ? sample : { ...(sample as Record<string, unknown>), ...BODY_EXTRAS[route.path]?.(value) };
          if (route.method === 'PATCH' && !Array.isArray(body)) {
            const current = await api('GET', path, { as: user.email, skipContractCheck: true });
            body.updated_at = current.status === 200 && current.body?.updated_at ? current.body.updated_at : (ownItems.find(({ item }) => path.endsWith(`/${String(item.id)}`))?.item.updated_at ?? body.updated_at);
          }
          const res = await api(route.method, path, { as: user.email, body, skipContractCheck: true });
          requests++;
          const kind = answerKind(res.status, res.body, field);
          answers.set(kind, (answers.get(kind) ?? 0) + 1);
          // Only a role the route lets in can show that the id itself was refused.
          const admitted = gateAccess({ role: user.role }, route.endpoint!.gate, route.method) === 'allow';
          if (admitted && kind === 'refused for the id') decided.add(name);
          if (admitted && kind === 'refused for another field') misfired.add(name);
          if (admitted && process.env.DEBUG_PROBES) console.log(`${user.role} ${name} ${field}: ${kind} ${JSON.stringify(res.body).slice(0, 160)}`);
          const text = JSON.stringify(res.body ?? '');
          if ((res.status < 300 && kind !== 'refused for the id') || /Foreign|foreign\.example/.test(text)) leaks.push(`${user.role} ${name} ${field}: ${res.status} ${text.slice(0, 120)}`);
        }
      }
    }
    const after = await foreignItems();
    const writes = [...new Set([...before.keys(), ...after.keys()])].filter((k) => before.get(k) !== after.get(k));
    // A route refused for its state, or 404 by path or role, never read the id; one refused for
    // another field of the sample body proves nothing and must be given a body that reaches the id.
    const undecided = [...misfired].filter((r) => !decided.has(r));
    console.log(
      `${probedRoutes.size} routes, ${fields} body fields naming ids × ${roles.length} roles (${requests} requests): ${leaks.length} leaks, ${writes.length} writes; answers: ${[...answers].map(([k, n]) => `${k} ${n}`).join(', ')}`,
    );
    expect(leaks).toEqual([]);
    expect(writes).toEqual([]);
    // A probe refused for some other field of its body says nothing about the id: each route must be reached once.
    expect(undecided, 'routes whose sample body never got past validation: give sampleBody what they need').toEqual([]);
  }, 600_000);
});

/** What a route's sample body needs beyond its schema's required fields to get as far as its ids. */
const bulkChange = (id: string) => ({ expected: { [id]: new Date().toISOString() }, changes: { resolved_notes: 'probe' } });
const BODY_EXTRAS: Record<string, (foreignId: string) => Record<string, unknown>> = {
  '/api/companies/{company_id}/comparisons/{comparison_id}/data_point_discrepancies': bulkChange,
  '/api/companies/{company_id}/comparisons/{comparison_id}/missing_discrepancies': bulkChange,
};

/** How a probe was answered, as far as the foreign id is concerned. */
function answerKind(status: number, body: { errors?: Record<string, unknown>; results?: { status: number }[] } | undefined, field: string): string {
  // A bulk change answers each row on its own: the foreign row must be the one not found.
  if (status === 200 && body?.results?.length && body.results.every((r) => r.status === 404)) return 'refused for the id';
  const keys = Object.keys(body?.errors ?? {});
  if (keys.some((key) => key.split('.')[0] === field.split('.')[0] || key.endsWith(field.split('.').pop()!))) return 'refused for the id';
  if (status === 400 && keys.length) return 'refused for another field';
  if (status === 400 || status === 409) return 'refused for the state';
  return String(status);
}
