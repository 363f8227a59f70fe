import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api';
import { comparisonPath, createComparison, declareAndPut, waitForFile, type Call } from '../../infra/local/api-flow';
import * as XLSX from '@e965/xlsx';
import { xlsxBuffer } from '../support/spreadsheet-fixtures';

/**
 * Reading an upload is a background job (the FileParse state machine): POST …/parse waits for it
 * briefly, or answers 202 at once with `?wait=false`, and GET …/files/{id} follows it. These drive
 * the job through the real local stack and check what a user sees at each end.
 */
const ADMIN = 'company-admin@demo.example';
const admin: Call = (method, p, body) => api(method, p, { as: ADMIN, body });
const dir = path.resolve(import.meta.dirname, '../fixtures/small');
const fixture = (name: string) => ({ name, bytes: readFileSync(path.join(dir, name)), contentType: 'text/csv' });

let companyId: string;

beforeAll(async () => {
  companyId = (await api('GET', '/api/me', { as: ADMIN })).body.company_id;
});

/** GET file until it leaves PARSING (without waitForFile's throw on an error, which these tests look at). */
async function settled(filePath: string) {
  for (let i = 0; i < 240; i += 1) {
    const res = await admin('GET', filePath);
    expect(res.status).toBe(200);
    if (res.body.status !== 'PARSING') return res.body;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${filePath} still PARSING`);
}

describe('file parse job', () => {
  it('answers 202 at once with ?wait=false, shows PARSING, then the read File; both read moves the comparison on', async () => {
    const comparison = await createComparison(admin, companyId, 'Parse job async');
    const base = comparisonPath(companyId, comparison.id);
    const baseline = await declareAndPut(admin, base, 'BASELINE', fixture('baseline.csv'));
    const secondary = await declareAndPut(admin, base, 'SECONDARY', fixture('secondary.csv'));

    const started = await admin('POST', `${base}/files/${baseline.id}/parse?wait=false`, {});
    const read = await waitForFile(admin, `${base}/files/${baseline.id}`);
    const stepWithOneSide = (await admin('GET', base)).body.step;
    await admin('POST', `${base}/files/${secondary.id}/parse?wait=false`, {});
    await waitForFile(admin, `${base}/files/${secondary.id}`);
    const shown = (await admin('GET', base)).body;

    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ id: baseline.id, status: 'PARSING', progress: { rows_read: 0 } });
    expect(read).toMatchObject({ status: 'PARSED', error: null, progress: null, row_count: 200 });
    expect(read.columns).toContain('SSN');
    expect(stepWithOneSide).toBe('IMPORT_DATA');
    expect(shown.step).toBe('SELECT_DATA_POINTS');
  });

  it('records a refused file on the File for a poller: FAILED with the message, comparison unchanged', async () => {
    const comparison = await createComparison(admin, companyId, 'Parse job refused');
    const base = comparisonPath(companyId, comparison.id);
    const damaged = await declareAndPut(admin, base, 'SECONDARY', { name: 'damaged.xlsx', bytes: Buffer.from('PK\u0003\u0004 this is not really a workbook'), contentType: 'application/octet-stream' });

    const started = await admin('POST', `${base}/files/${damaged.id}/parse?wait=false`, {});
    const file = await settled(`${base}/files/${damaged.id}`);
    const shown = (await admin('GET', base)).body;

    expect(started.status).toBe(202);
    expect(file.status).toBe('FAILED');
    expect(file.error).toMatch(/could not be read|damaged/);
    expect(shown.step).toBe('IMPORT_DATA');
    expect(shown.secondary_file).toMatchObject({ status: 'FAILED', row_count: null, columns: [] });
  });

  it.each([
    ['a password-protected workbook', 'locked.xlsx', () => encryptedWorkbook(), 'password-protected'],
    ['a PDF named .xlsx', 'census.xlsx', () => Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), 'does not contain what its name says'],
  ])('refuses %s with 400 and a message, and leaves the comparison at Import Data', async (_label, name, bytes, words) => {
    const comparison = await createComparison(admin, companyId, `Parse job ${name}`);
    const base = comparisonPath(companyId, comparison.id);
    const declared = await declareAndPut(admin, base, 'BASELINE', { name, bytes: bytes(), contentType: 'application/octet-stream' });

    const res = await admin('POST', `${base}/files/${declared.id}/parse`, {});
    const shown = (await admin('GET', base)).body;

    expect(res.status).toBe(400);
    expect(res.body.message).toContain(words);
    expect(shown.step).toBe('IMPORT_DATA');
    expect(shown.baseline_file).toMatchObject({ status: 'FAILED', row_count: null, columns: [] });
  });

  // S3 refuses this PUT (its URL signs the declared Content-Length); s3rver takes it, so locally the
  // parse job is what refuses it.
  it('refuses with 413 and removes an upload longer than it was declared', async () => {
    const comparison = await createComparison(admin, companyId, 'Parse job oversize');
    const base = comparisonPath(companyId, comparison.id);
    const bytes = Buffer.from(`SSN,Name\n${'123-45-6789,Ann\n'.repeat(200)}`);
    const declared = await admin('POST', `${base}/files`, { file_type: 'BASELINE', name: 'big.csv', size: 1000, content_type: 'text/csv' });
    const put = await fetch(declared.body.upload_url, { method: 'PUT', headers: { 'content-type': 'text/csv' }, body: bytes as unknown as BodyInit });
    expect(put.ok).toBe(true);

    const res = await admin('POST', `${base}/files/${declared.body.file.id}/parse`, {});
    const again = await admin('POST', `${base}/files/${declared.body.file.id}/parse`, {});

    expect(res.status).toBe(413);
    expect(res.body.message).toContain('more than the 1,000 bytes declared');
    expect(again.status).toBe(400);
    expect(again.body.message).toContain('not been uploaded');
  });

  it('keeps the last good reading when a new read of the same file fails, and says why', async () => {
    const comparison = await createComparison(admin, companyId, 'Parse job keeps reading');
    const base = comparisonPath(companyId, comparison.id);
    const bytes = await xlsxBuffer([
      { name: 'Read me', rows: [['Census for the audit']] },
      { name: 'Census', rows: [['SSN', 'First Name', 'Last Name'], ['123-45-6789', 'Ann', 'Lee'], ['234-56-7890', 'Bo', 'Kim']] },
    ]);
    const file = await declareAndPut(admin, base, 'BASELINE', { name: 'census.xlsx', bytes, contentType: 'application/octet-stream' });
    const first = await admin('POST', `${base}/files/${file.id}/parse`, {});

    const again = await admin('POST', `${base}/files/${file.id}/parse`, { worksheet_name: 'Nope' });
    const shown = (await admin('GET', `${base}/files/${file.id}`)).body;
    const rows = await admin('GET', `${base}/files/${file.id}/rows?limit=5`);

    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ worksheet_name: 'Census', worksheets: ['Read me', 'Census'], row_count: 2 });
    expect(again.status).toBe(400);
    expect(again.body.message).toContain('no worksheet named "Nope"');
    expect(again.body.errors?.worksheet_name).toContain('Census');
    expect(shown).toMatchObject({ status: 'PARSED', worksheet_name: 'Census', row_count: 2 });
    expect(shown.error).toContain('no worksheet named "Nope"');
    // The preview shows SSNs masked to their last four digits.
    expect(rows.body.rows).toEqual([
      ['***-**-6789', 'Ann', 'Lee'],
      ['***-**-7890', 'Bo', 'Kim'],
    ]);
  });

  it('answers 404 for a file of another comparison', async () => {
    const a = await createComparison(admin, companyId, 'Parse job A');
    const b = await createComparison(admin, companyId, 'Parse job B');
    const file = await declareAndPut(admin, comparisonPath(companyId, a.id), 'BASELINE', fixture('baseline.csv'));

    const res = await admin('GET', `${comparisonPath(companyId, b.id)}/files/${file.id}`);
    const parse = await admin('POST', `${comparisonPath(companyId, b.id)}/files/${file.id}/parse`, {});

    expect(res.status).toBe(404);
    expect(parse.status).toBe(404);
  });

  it('answers 404 to another tenant for the file and its parse, through the file’s company and through its own', async () => {
    const STAFF = 'admin@demo.example';
    const me = (await api('GET', '/api/me', { as: ADMIN })).body;
    const organizations = (await api('GET', '/api/organizations?limit=100', { as: STAFF })).body.items as Array<{ id: string }>;
    let otherCompany: string | undefined;
    for (const o of organizations.filter((x) => x.id !== me.organization_id)) {
      otherCompany ??= (await api('GET', `/api/organizations/${o.id}/companies`, { as: STAFF })).body.items?.[0]?.id;
    }
    expect(otherCompany).toBeTruthy();
    const staff: Call = (method, p, body) => api(method, p, { as: STAFF, body });
    const foreign = await createComparison(staff, otherCompany!, 'Parse job foreign');
    const foreignBase = comparisonPath(otherCompany!, foreign.id);
    const file = await declareAndPut(staff, foreignBase, 'BASELINE', fixture('baseline.csv'));

    for (const base of [foreignBase, comparisonPath(companyId, foreign.id)]) {
      expect((await admin('GET', `${base}/files/${file.id}`)).status, base).toBe(404);
      expect((await admin('POST', `${base}/files/${file.id}/parse`, {})).status, base).toBe(404);
    }
    expect((await staff('GET', `${foreignBase}/files/${file.id}`)).body).toMatchObject({ id: file.id, status: 'UPLOADING' });
  });

  it('refuses a bad wait flag or body with 400 and the field, and leaves the file as it was', async () => {
    const comparison = await createComparison(admin, companyId, 'Parse job bad input');
    const base = comparisonPath(companyId, comparison.id);
    const file = await declareAndPut(admin, base, 'BASELINE', fixture('baseline.csv'));

    const badWait = await admin('POST', `${base}/files/${file.id}/parse?wait=soon`, {});
    const badBody = await admin('POST', `${base}/files/${file.id}/parse`, { header_row_index: -1 });
    const shown = (await admin('GET', `${base}/files/${file.id}`)).body;

    expect(badWait.status).toBe(400);
    expect(badWait.body.errors).toHaveProperty('wait');
    expect(badBody.status).toBe(400);
    expect(badBody.body.errors).toHaveProperty('header_row_index');
    expect(shown).toMatchObject({ status: 'UPLOADING', progress: null, row_count: null });
  });
});

/** What Excel saves when a workbook has a password: an OLE container holding the encrypted package. */
function encryptedWorkbook(): Buffer {
  const container = XLSX.CFB.utils.cfb_new();
  XLSX.CFB.utils.cfb_add(container, '/EncryptionInfo', Buffer.from([4, 0, 4, 0]));
  XLSX.CFB.utils.cfb_add(container, '/EncryptedPackage', Buffer.alloc(4096, 7));
  return Buffer.from(XLSX.CFB.write(container, { type: 'buffer' }) as Uint8Array);
}
