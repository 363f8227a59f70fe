import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from '../support/api';
import { activate, createUserAsAdmin, demoIds, uniqueEmail } from '../support/users';
import { comparisonPath, createComparison, putParts, waitForFile, type Call } from '../../infra/local/api-flow';

/**
 * Files above the multipart threshold go up in parts. The test stack lowers the threshold to 6 MB
 * with 5 MB parts (test/support/stack-process.ts), so a 12 MB file takes the same path a 1 GB one
 * does on AWS: declared, parts PUT to presigned URLs, completed, then read.
 */
const ADMIN = 'company-admin@demo.example';
const admin: Call = (method, p, body) => api(method, p, { as: ADMIN, body });
const MB = 1024 * 1024;

let companyId: string;

beforeAll(async () => {
  companyId = (await api('GET', '/api/me', { as: ADMIN })).body.company_id;
});

/** A CSV of about `bytes` bytes: the small baseline's rows repeated; answers the bytes and its data rows. */
function bigCsv(bytes: number): { bytes: Buffer; rows: number } {
  const [header, ...rows] = fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/small/baseline.csv'), 'utf8').trimEnd().split('\n');
  const lines = [header];
  let size = header.length + 1;
  let count = 0;
  while (size < bytes) {
    const row = rows[count % rows.length];
    lines.push(row);
    size += row.length + 1;
    count += 1;
  }
  return { bytes: Buffer.from(`${lines.join('\n')}\n`), rows: count };
}

async function declare(base: string, file: Buffer, name = 'census.csv') {
  return admin('POST', `${base}/files`, { file_type: 'BASELINE', name, size: file.byteLength, content_type: 'text/csv' });
}

/** A new comparison with a 12 MB baseline declared (so uploaded in parts): its path, the bytes, the declaration's answer and the upload's path. */
async function declaredUpload(name: string) {
  const comparison = await createComparison(admin, companyId, name);
  const base = comparisonPath(companyId, comparison.id);
  const csv = bigCsv(12 * MB);
  const declared = await declare(base, csv.bytes);
  const fileId: string = declared.body.file.id;
  const multipart = declared.body.multipart;
  return { base, csv, declared, fileId, multipart, uploadPath: `${base}/files/${fileId}/uploads/${multipart.upload_id}` };
}

/** The directories where s3rver keeps the parts of an upload under way, by upload id. */
function partsLeftFor(uploadId: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const full = path.join(dir, entry.name);
      if (entry.name === uploadId) found.push(full);
      else walk(full);
    }
  };
  walk(path.join(inject('stackDataDir'), 's3'));
  return found;
}

describe('multipart upload of a file above the threshold', () => {
  it('uploads a 12 MB file in parts, completes it and reads it', async () => {
    const { base, csv, declared, multipart, uploadPath } = await declaredUpload('Multipart upload');
    const completed = await putParts(admin, uploadPath, multipart, csv.bytes);
    const started = await admin('POST', `${base}/files/${declared.body.file.id}/parse?wait=false`, {});
    const read = await waitForFile(admin, `${base}/files/${declared.body.file.id}`);

    expect(declared.status).toBe(201);
    expect(declared.body.upload_url).toBeNull();
    expect(multipart).toMatchObject({ part_size: 5 * MB, part_count: 3 });
    expect(multipart.parts.map((p: { size: number }) => p.size)).toEqual([5 * MB, 5 * MB, csv.bytes.byteLength - 10 * MB]);
    expect(completed).toMatchObject({ id: declared.body.file.id, status: 'UPLOADING', size: csv.bytes.byteLength });
    expect(started.status).toBe(202);
    expect(read).toMatchObject({ status: 'PARSED', row_count: csv.rows, error: null });
    expect(partsLeftFor(multipart.upload_id)).toEqual([]);
  });

  it('signs more part URLs on request, each bound to its part, and refuses a part the file does not have', async () => {
    const { csv, uploadPath } = await declaredUpload('Multipart sign parts');

    const signed = await admin('POST', `${uploadPath}/parts`, { part_numbers: [3, 1] });
    const past = await admin('POST', `${uploadPath}/parts`, { part_numbers: [4] });

    expect(signed.status).toBe(200);
    expect(signed.body.parts.map((p: { part_number: number; size: number }) => [p.part_number, p.size])).toEqual([
      [3, csv.bytes.byteLength - 10 * MB],
      [1, 5 * MB],
    ]);
    expect(new URL(signed.body.parts[0].url).searchParams.get('X-Amz-SignedHeaders')).toContain('content-length');
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('This upload has 3 parts; there is no part 4.');
    await admin('DELETE', uploadPath);
  });

  it('refuses to complete an upload whose part was PUT with another length than signed, and keeps nothing', async () => {
    const { base, csv, fileId, multipart, uploadPath } = await declaredUpload('Multipart wrong length');
    // S3 refuses this PUT outright (the URL signs Content-Length); s3rver stores it, so completion must catch it.
    const short = { ...multipart, parts: multipart.parts.map((p: { part_number: number; size: number }) => (p.part_number === 2 ? { ...p, size: p.size - 100 } : p)) };

    const failure = await putParts(admin, uploadPath, short, csv.bytes).catch((e: Error) => e);
    const file = await admin('GET', `${base}/files/${fileId}`);
    const parse = await admin('POST', `${base}/files/${fileId}/parse`, {});

    expect(String(failure)).toContain('complete upload: expected 200, got 400');
    expect(String(failure)).toContain('not the 12,');
    expect(file.body).toMatchObject({ status: 'FAILED' });
    expect(file.body.error).toMatch(/bytes declared .*so it was not kept/);
    expect(parse.status).toBe(400);
    expect(parse.body.message).toContain('not been uploaded');
  });

  it('refuses to complete before every part is named', async () => {
    const { uploadPath } = await declaredUpload('Multipart missing part');

    const res = await admin('POST', `${uploadPath}/complete`, { parts: [{ part_number: 1, etag: '"abc"' }] });

    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The upload cannot be completed: it has 3 parts and parts 2, 3 are missing.');
    await admin('DELETE', uploadPath);
  });

  it('aborts on cancel: the parts, the declared file and the comparison’s reference to it are gone', async () => {
    const { base, csv, fileId, multipart, uploadPath } = await declaredUpload('Multipart abort');
    const first = multipart.parts[0];
    const put = await fetch(first.url, { method: 'PUT', body: csv.bytes.subarray(0, first.size) as unknown as BodyInit });
    expect(put.ok).toBe(true);
    const partsBefore = partsLeftFor(multipart.upload_id).length;

    const aborted = await admin('DELETE', uploadPath);
    const shown = await admin('GET', base);
    const file = await admin('GET', `${base}/files/${fileId}`);
    const again = await admin('DELETE', uploadPath);

    expect(partsBefore).toBe(1);
    expect(aborted.status).toBe(204);
    expect(shown.body.baseline_file).toBeNull();
    expect(file.status).toBe(404);
    expect(partsLeftFor(multipart.upload_id)).toEqual([]);
    expect(again.status).toBe(404);
  });

  it('answers 404 for another tenant’s upload and for an upload id that is not the file’s', async () => {
    const ids = await demoIds();
    const otherAdmin = uniqueEmail('other-org-admin');
    await createUserAsAdmin({ email: otherAdmin, role: 'ORGANIZATION_ADMIN', organization_id: ids.org2 });
    await activate(otherAdmin);
    const { base, fileId, uploadPath } = await declaredUpload('Multipart tenant');
    const other = await declaredUpload('Multipart tenant other');

    const foreign = await Promise.all([
      api('POST', `${uploadPath}/parts`, { as: otherAdmin, body: { part_numbers: [1] } }),
      api('POST', `${uploadPath}/complete`, { as: otherAdmin, body: { parts: [{ part_number: 1, etag: 'x' }] } }),
      api('DELETE', uploadPath, { as: otherAdmin }),
    ]);
    const mismatched = await admin('POST', `${base}/files/${fileId}/uploads/${other.multipart.upload_id}/parts`, { part_numbers: [1] });
    const stillThere = await admin('GET', `${base}/files/${fileId}`);

    expect(foreign.map((r) => r.status)).toEqual([404, 404, 404]);
    expect(mismatched.status).toBe(404);
    expect(stillThere.body).toMatchObject({ id: fileId, status: 'UPLOADING' });
    await admin('DELETE', uploadPath);
    await admin('DELETE', other.uploadPath);
  });
});
