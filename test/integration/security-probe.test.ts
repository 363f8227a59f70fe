import { HeadObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { createComparison } from '../../infra/local/api-flow';
import { localS3Client } from '../../infra/local/lifecycle';
import { guardianCsv, guardianFixture } from '../fixtures/generator/guardian-row-based';
import { api, endpoints } from '../support/api';
import { callAs, stackDb } from '../support/comparison-fixture';
import { ADMIN, created, newCarrierTree, newCompany } from './hierarchy-support';

/**
 * Probes of the surface added since the last hardening pass, as an attacker or a careless user
 * would try them through the API of the local stack: declared file names that climb folders or
 * hide characters, and carrier file conversions (SSNs, birth dates, addresses) that must not be
 * kept for ever.
 */
const HOSTILE_NAME = '../../../../etc/\u202Ecod.\u0000x\r\n.pdf';
const STORED_NAME = 'cod.x.pdf';
const HOSTILE_CSV = '..\\..\\tmp/\u2066evil\u2069.csv';
const STORED_CSV = 'evil.csv';

let tree: Awaited<ReturnType<typeof newCarrierTree>>;
const company = () => `/api/companies/${tree.company.id}`;

let s3: S3Client;

beforeAll(async () => {
  tree = await newCarrierTree();
  s3 = localS3Client(endpoints().s3);
}, 120_000);

/** The name a presigned GET makes the browser save the file under. */
function dispositionOf(url: string): string {
  return new URL(url).searchParams.get('response-content-disposition') ?? '';
}

async function auditNames(action: string): Promise<string[]> {
  const res = await api('GET', `/api/organizations/${tree.organization.id}/audit_events?action=${action}`, { as: ADMIN });
  expect(res.status).toBe(200);
  return res.body.items.map((e: { target_name: string }) => e.target_name);
}

describe('declared file names keep their base name only, without control or bidirectional characters', () => {
  it('a comparison file is stored and listed under its base name', async () => {
    const comparison = await createComparison(callAs(ADMIN), tree.company.id, 'Name probe');
    const file = await created(`${company()}/comparisons/${comparison.id}/files`, { file_type: 'BASELINE', name: HOSTILE_CSV, size: 20, content_type: 'text/csv' });
    expect(file.file.name).toBe(STORED_CSV);
    const read = await api('GET', `${company()}/comparisons/${comparison.id}`, { as: ADMIN });
    expect(read.body.baseline_file.name).toBe(STORED_CSV);
  });

  it('a task file is stored, listed, audited and downloaded under its base name', async () => {
    const renewal = await created(`${company()}/renewals`, { company_carrier_id: tree.companyCarrier.id, year: 2031, month: 'JANUARY' });
    const task = `${company()}/tasks/${renewal.task_id}`;
    const bytes = Buffer.from('%PDF-1.4 probe');
    const file = await created(`${task}/task_files`, { name: HOSTILE_NAME, size: bytes.length, step: 'CLIENT_INFORMATION' });
    expect(file.name).toBe(STORED_NAME);
    const { url, content_type } = (await api('POST', `${task}/task_files/${file.id}/upload_url`, { as: ADMIN })).body;
    expect((await fetch(url, { method: 'PUT', headers: { 'content-type': content_type }, body: bytes as unknown as BodyInit })).status).toBe(200);
    expect((await api('POST', `${task}/task_files/${file.id}/verify_storage`, { as: ADMIN })).status).toBe(200);
    expect((await api('GET', `${task}/task_files`, { as: ADMIN })).body.items.map((f: { name: string }) => f.name)).toEqual([STORED_NAME]);

    const download = await api('GET', `${task}/task_files/${file.id}/download_url`, { as: ADMIN });
    expect(download.status).toBe(200);
    expect(dispositionOf(download.body.url)).toBe(`attachment; filename="${STORED_NAME}"; filename*=UTF-8''${STORED_NAME}`);
    expect(await auditNames('TASK_FILE_DOWNLOADED')).toContain(STORED_NAME);
  });

  it('a conversion is stored and listed under its base name', async () => {
    const declared = await created(`${company()}/carrier_file_conversions`, { name: HOSTILE_CSV, size: 20, content_type: 'text/csv', source_file_type: 'GUARDIAN_ROW_BASED_ORIGINAL' });
    expect(declared.conversion.name).toBe(STORED_CSV);
    const list = await api('GET', `${company()}/carrier_file_conversions`, { as: ADMIN });
    expect(list.body.items.map((c: { name: string }) => c.name)).toContain(STORED_CSV);
  });

  it('a name with nothing left is refused with a message, and nothing is stored', async () => {
    const before = (await api('GET', `${company()}/carrier_file_conversions`, { as: ADMIN })).body.items.length;
    const refused = await api('POST', `${company()}/carrier_file_conversions`, { as: ADMIN, body: { name: '../\u202E', size: 20, source_file_type: 'GUARDIAN_ROW_BASED_ORIGINAL' } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.name).toMatch(/Give the file a name/);
    expect((await api('GET', `${company()}/carrier_file_conversions`, { as: ADMIN })).body.items).toHaveLength(before);
  });
});

// ── Carrier file conversions ─────────────────────────────────────────────────────────────────────

const UPLOADS_BUCKET = 'dvp-uploads-local';

async function objectsUnder(prefix: string): Promise<string[]> {
  const page = await s3.send(new ListObjectsV2Command({ Bucket: UPLOADS_BUCKET, Prefix: prefix }));
  return (page.Contents ?? []).map((o) => o.Key!);
}

/** A converted Guardian file of `companyId`, and the prefix its objects live under. */
async function convertedIn(organizationId: string, companyId: string) {
  const bytes = guardianCsv(guardianFixture({ families: 5, seed: `probe-${companyId}` }));
  const base = `/api/companies/${companyId}/carrier_file_conversions`;
  const declared = await created(base, { name: 'guardian.csv', size: bytes.length, content_type: 'text/csv', source_file_type: 'GUARDIAN_ROW_BASED_ORIGINAL' });
  const put = await fetch(declared.upload_url, { method: 'PUT', headers: declared.upload_headers, body: bytes as unknown as BodyInit });
  expect(put.ok).toBe(true);
  const converted = await api('POST', `${base}/${declared.conversion.id}/convert`, { as: ADMIN, body: {} });
  expect(converted.status, JSON.stringify(converted.body)).toBe(200);
  const id = declared.conversion.id as string;
  const prefix = `conversions/${organizationId}/${companyId}/${id}/`;
  expect((await objectsUnder(prefix)).length).toBe(2); // the original and the converted workbook
  return { id, url: `${base}/${id}`, base, prefix };
}

describe('carrier file conversions are not kept for ever', () => {
  it('DELETE removes the original, the converted workbook and the record, and is audited', async () => {
    const c = await convertedIn(tree.organization.id, tree.company.id);
    // Another company's people, and verify-only users, cannot reach it.
    expect((await api('DELETE', c.url, { as: 'company-admin@demo.example' })).status).toBe(404);
    expect((await api('DELETE', c.url.replace(tree.company.id, 'no-such-company'), { as: ADMIN })).status).toBe(404);
    expect((await objectsUnder(c.prefix)).length).toBe(2);

    expect((await api('DELETE', c.url, { as: ADMIN })).status).toBe(204);
    expect(await objectsUnder(c.prefix)).toEqual([]);
    expect((await api('GET', c.url, { as: ADMIN })).status).toBe(404);
    expect((await api('GET', c.base, { as: ADMIN })).body.items.map((i: { id: string }) => i.id)).not.toContain(c.id);
    expect((await api('DELETE', c.url, { as: ADMIN })).status).toBe(404);
    const events = (await api('GET', `/api/organizations/${tree.organization.id}/audit_events?action=CONVERSION_DELETED`, { as: ADMIN })).body.items;
    expect(events).toContainEqual(expect.objectContaining({ action: 'CONVERSION_DELETED', target_type: 'CARRIER_FILE_CONVERSION', target_id: c.id, target_name: 'guardian.csv' }));
  }, 120_000);

  it('a download rewrites both objects, so the bucket rule counts its 30 days from this use', async () => {
    const c = await convertedIn(tree.organization.id, tree.company.id);
    const touched = async () =>
      Promise.all((await objectsUnder(c.prefix)).map(async (Key) => (await s3.send(new HeadObjectCommand({ Bucket: UPLOADS_BUCKET, Key }))).Metadata?.['touched-at'] ?? null));
    const before = new Date().toISOString();
    expect((await api('GET', `${c.url}/download`, { as: ADMIN })).status).toBe(200);
    const after = await touched();
    expect(after).toHaveLength(2);
    for (const at of after) expect(at! >= before).toBe(true);
    const record = (await (await stackDb()).entities.carrierFileConversion.get({ organization_id: tree.organization.id, company_id: tree.company.id, id: c.id }).go()).data!;
    expect(record.last_used_at! >= before).toBe(true);
  }, 120_000);

  it('a conversion unused for 30 days is gone with its objects', async () => {
    const c = await convertedIn(tree.organization.id, tree.company.id);
    const db = await stackDb();
    const longAgo = new Date(Date.now() - 31 * 24 * 60 * 60_000).toISOString();
    await db.entities.carrierFileConversion.patch({ organization_id: tree.organization.id, company_id: tree.company.id, id: c.id }).set({ last_used_at: longAgo }).go();
    expect((await api('GET', c.base, { as: ADMIN })).body.items.map((i: { id: string }) => i.id)).not.toContain(c.id);
    expect((await api('GET', c.url, { as: ADMIN })).status).toBe(404);
    expect(await objectsUnder(c.prefix)).toEqual([]);
    expect((await db.entities.carrierFileConversion.get({ organization_id: tree.organization.id, company_id: tree.company.id, id: c.id }).go()).data).toBeNull();
  }, 120_000);

  it('deleting (deactivating) a company deletes its conversions', async () => {
    const company = await newCompany(tree.organization.id);
    const c = await convertedIn(tree.organization.id, company.id);
    const deleted = await api('DELETE', `/api/organizations/${tree.organization.id}/companies/${company.id}`, { as: ADMIN, body: {} });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await objectsUnder(c.prefix)).toEqual([]);
    const left = await (await stackDb()).entities.carrierFileConversion.query.byCompany({ organization_id: tree.organization.id, company_id: company.id }).go();
    expect(left.data).toEqual([]);
  }, 120_000);
});
