import type { CompareConfig } from '../../shared/compare';

/**
 * Drives a comparison through the API exactly as a script would:
 * create → upload both files (presigned PUT) → parse → value mappings → data points → run → poll.
 * Shared by the demo seed, the integration tests and the pipeline benchmark; the caller supplies the
 * HTTP client.
 */
export interface FlowResponse<T = any> {
  status: number;
  body: T;
}
export type Call = <T = any>(method: string, path: string, body?: unknown) => Promise<FlowResponse<T>>;

/** A Call on the API at `url` with a bearer token; a body that is not JSON (a gateway's error page) is kept as text. */
export function bearerClient(url: string, token: string): Call {
  return async (method, path, body) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: kept as text for the caller's message.
    }
    return { status: res.status, body: parsed as never };
  };
}

export interface FlowFile {
  name: string;
  bytes: Uint8Array;
  contentType: string;
}

export interface Timings {
  [stage: string]: number;
}

const expectStatus = (res: FlowResponse, want: number, what: string) => {
  if (res.status !== want) throw new Error(`${what}: expected ${want}, got ${res.status} ${JSON.stringify(res.body).slice(0, 400)}`);
  return res.body;
};

export const comparisonPath = (companyId: string, comparisonId: string) => `/api/companies/${companyId}/comparisons/${comparisonId}`;

export async function createComparison(call: Call, companyId: string, name: string): Promise<{ id: string }> {
  return expectStatus(
    await call('POST', `/api/companies/${companyId}/comparisons`, { name, type: 'COMPARE_ONLY', audit_type: 'ENROLLMENT_AUDIT' }),
    201,
    'create comparison',
  );
}

/**
 * Declares one file and uploads its bytes without reading it: one PUT to the presigned URL, or
 * above the multipart threshold its parts (a few at a time) and the completion. Answers the File.
 */
export async function declareAndPut(call: Call, base: string, fileType: 'BASELINE' | 'SECONDARY', file: FlowFile): Promise<any> {
  const declared = expectStatus(
    await call('POST', `${base}/files`, { file_type: fileType, name: file.name, size: file.bytes.byteLength, content_type: file.contentType }),
    201,
    `declare ${fileType} file`,
  );
  if (declared.multipart) return putParts(call, `${base}/files/${declared.file.id}/uploads/${declared.multipart.upload_id}`, declared.multipart, file.bytes);
  // A copy over an ArrayBuffer of its own: what fetch's body type asks for (a Buffer may share a pool).
  const put = await fetch(declared.upload_url, { method: 'PUT', headers: { 'content-type': file.contentType }, body: file.bytes.slice() });
  if (!put.ok) throw new Error(`upload ${fileType} file: ${put.status} ${await put.text()}`);
  return declared.file;
}

interface PartUrl {
  part_number: number;
  size: number;
  url: string;
}

/** PUTs every part of a multipart upload, signing more part URLs as it goes, then completes it; answers the File. */
export async function putParts(
  call: Call,
  uploadPath: string,
  multipart: { part_size: number; part_count: number; parts: PartUrl[] },
  bytes: Uint8Array,
  parallel = 4,
): Promise<any> {
  const urls = new Map<number, PartUrl>(multipart.parts.map((p) => [p.part_number, p]));
  const etags: Array<{ part_number: number; etag: string }> = [];
  let next = 1;
  const worker = async () => {
    while (next <= multipart.part_count) {
      const number = next++;
      if (!urls.has(number)) {
        const wanted = Array.from({ length: Math.min(20, multipart.part_count - number + 1) }, (_, i) => number + i).filter((n) => !urls.has(n));
        const signed = expectStatus(await call('POST', `${uploadPath}/parts`, { part_numbers: wanted }), 200, 'sign upload parts');
        for (const p of signed.parts as PartUrl[]) urls.set(p.part_number, p);
      }
      const part = urls.get(number)!;
      const offset = (number - 1) * multipart.part_size;
      const put = await fetch(part.url, { method: 'PUT', body: bytes.slice(offset, offset + part.size) });
      if (!put.ok) throw new Error(`upload part ${number}: ${put.status} ${await put.text()}`);
      etags.push({ part_number: number, etag: put.headers.get('etag') ?? '' });
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, multipart.part_count) }, worker));
  return expectStatus(await call('POST', `${uploadPath}/complete`, { parts: etags }), 200, 'complete upload');
}

/** Declares, uploads and parses one file; answers the parsed File. */
export async function uploadFile(call: Call, base: string, fileType: 'BASELINE' | 'SECONDARY', file: FlowFile): Promise<any> {
  const declared = await declareAndPut(call, base, fileType, file);
  const parsed = await call('POST', `${base}/files/${declared.id}/parse`, {});
  if (parsed.status === 202) return waitForFile(call, `${base}/files/${declared.id}`);
  return expectStatus(parsed, 200, `parse ${fileType} file`);
}

/** Polls GET file while it is being read (a 202 from parse); answers the File once read, or throws its error. */
export async function waitForFile(call: Call, filePath: string, options: { timeoutMs?: number; everyMs?: number } = {}): Promise<any> {
  const deadline = Date.now() + (options.timeoutMs ?? 900_000);
  for (;;) {
    const file = expectStatus(await call('GET', filePath), 200, 'read file');
    if (file.status !== 'PARSING') {
      if (file.status !== 'PARSED' || file.error) throw new Error(`parse ${file.name}: ${file.error ?? file.status}`);
      return file;
    }
    if (Date.now() > deadline) throw new Error(`${file.name} still PARSING after ${options.timeoutMs ?? 900_000} ms`);
    await new Promise((r) => setTimeout(r, options.everyMs ?? 500));
  }
}

/** Saves the engine-style config as mappings (one per mapped data point) and data points. */
export async function configureDataPoints(call: Call, companyId: string, base: string, config: CompareConfig, tag: string): Promise<any[]> {
  const points = [];
  for (const p of config.data_points) {
    let data_mapping_id: string | undefined;
    if (p.data_mapping) {
      const mapping = expectStatus(
        await call('POST', `/api/companies/${companyId}/data_mappings`, { name: `${tag} ${p.baseline_column_name}`, fields: p.data_mapping.fields }),
        201,
        `create mapping for ${p.baseline_column_name}`,
      );
      data_mapping_id = mapping.id;
    }
    points.push({
      baseline_column_name: p.baseline_column_name,
      secondary_column_name: p.secondary_column_name,
      is_unique_identifier: p.is_unique_identifier,
      ...(p.date_format ? { date_format: p.date_format } : {}),
      ...(p.discrepancy_function ? { discrepancy_function: p.discrepancy_function } : {}),
      ...(data_mapping_id ? { data_mapping_id } : {}),
    });
  }
  const saved = expectStatus(await call('PUT', `${base}/data_points`, points), 200, 'save data points');
  return Array.isArray(saved) ? saved : saved.items ?? saved.data_points ?? [];
}

/** Polls GET comparison until it is no longer RUNNING; answers the final comparison. */
export async function waitForRun(call: Call, base: string, options: { timeoutMs?: number; everyMs?: number; onProgress?: (c: any) => void } = {}): Promise<any> {
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    const res = await call('GET', base);
    if (res.status !== 200) throw new Error(`read comparison: ${res.status}`);
    options.onProgress?.(res.body);
    if (res.body.status !== 'RUNNING') return res.body;
    if (Date.now() > deadline) throw new Error(`comparison still RUNNING after ${options.timeoutMs ?? 120_000} ms: ${JSON.stringify(res.body.progress)}`);
    await new Promise((r) => setTimeout(r, options.everyMs ?? 250));
  }
}

/** Every item of a paginated list, following `next`. */
export async function listAll(call: Call, path: string, pageSize = 500): Promise<any[]> {
  const items: any[] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const url: string = `${path}${sep}limit=${pageSize}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await call('GET', url);
    if (res.status !== 200) throw new Error(`list ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    items.push(...res.body.items);
    cursor = res.body.next;
  } while (cursor);
  return items;
}
