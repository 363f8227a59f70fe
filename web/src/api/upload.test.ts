import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('./session', () => ({
  getIdToken: vi.fn(async () => 'id-token'),
  refreshSession: vi.fn(async () => true),
}));

import { uploadFile, uploadSizeProblem, type UploadTarget } from './upload';

/**
 * The upload module against a stand-in for storage (XMLHttpRequest) and the API (fetch): which
 * parts are sent, signed, retried, completed or aborted, and the progress a user sees.
 */
type Outcome = 'ok' | 'fail' | 'hang';

class FakeXhr {
  static sent: Array<{ url: string; size: number; headers: Record<string, string> }> = [];
  /** What each PUT of a URL does, in order; 'ok' once the list runs out. */
  static script = new Map<string, Outcome[]>();
  upload: { onprogress: ((e: { loaded: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  statusText = '';
  private url = '';
  private headers: Record<string, string> = {};
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return name === 'ETag' ? `"etag-${this.url}"` : null;
  }
  abort() {
    this.onabort?.();
  }
  send(body: Blob) {
    FakeXhr.sent.push({ url: this.url, size: body.size, headers: this.headers });
    const outcome = FakeXhr.script.get(this.url)?.shift() ?? 'ok';
    if (outcome === 'hang') return;
    setTimeout(() => {
      this.upload.onprogress?.({ loaded: Math.floor(body.size / 2) });
      this.status = outcome === 'ok' ? 200 : 500;
      this.statusText = outcome === 'ok' ? 'OK' : 'Internal Server Error';
      this.onload?.();
    }, 1);
  }
}

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) => new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const FILE = { company_id: 'c', comparison_id: 'x', file_id: 'f' };
const UPLOAD_PATH = '/api/companies/c/comparisons/x/files/f/uploads/u1';

beforeEach(() => {
  FakeXhr.sent = [];
  FakeXhr.script = new Map();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.endsWith('/parts')) {
      const { part_numbers } = JSON.parse(String(init?.body)) as { part_numbers: number[] };
      return json(200, { parts: part_numbers.map((n) => ({ part_number: n, size: n === 5 ? 2 : 4, url: `part-${n}` })) });
    }
    if (url.endsWith('/complete')) return json(200, { id: 'f' });
    if (init?.method === 'DELETE') return json(204, null);
    return json(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** An 18-byte file in parts of 4 (the last one 2), the first two URLs answered with the declaration. */
const file = new File(['abcdefghijklmnopqr'], 'census.csv', { type: 'text/csv' });
const target: UploadTarget = {
  upload_url: null,
  upload_headers: {},
  multipart: {
    upload_id: 'u1',
    part_size: 4,
    part_count: 5,
    parts: [
      { part_number: 1, size: 4, url: 'part-1' },
      { part_number: 2, size: 4, url: 'part-2' },
    ],
  },
};
const calls = (suffix: string) => fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith(suffix) && (suffix !== UPLOAD_PATH || init?.method === 'DELETE'));
const completedParts = () => (JSON.parse(String(calls('/complete')[0]![1]!.body)) as { parts: Array<{ part_number: number; etag: string }> }).parts;

describe('uploading a file in parts', () => {
  it('sends every part once with its own bytes, signs the parts it has no URL for, completes with their ETags and reports 100%', async () => {
    const progress: number[] = [];

    await uploadFile(target, file, { onProgress: (p) => progress.push(p), signal: new AbortController().signal, file: FILE });

    expect(FakeXhr.sent.map((s) => [s.url, s.size]).sort()).toEqual([
      ['part-1', 4],
      ['part-2', 4],
      ['part-3', 4],
      ['part-4', 4],
      ['part-5', 2],
    ]);
    expect(calls('/parts').length).toBeGreaterThanOrEqual(1);
    expect(completedParts().map((p) => p.part_number).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(completedParts().find((p) => p.part_number === 3)?.etag).toBe('"etag-part-3"');
    expect(progress.at(-1)).toBe(100);
    expect(calls(UPLOAD_PATH)).toHaveLength(0);
  });

  it('tries a failed part again after a pause and still completes', async () => {
    FakeXhr.script.set('part-2', ['fail', 'fail']);

    await uploadFile(target, file, { onProgress: () => undefined, signal: new AbortController().signal, file: FILE, firstRetryMs: 1 });

    expect(FakeXhr.sent.filter((s) => s.url === 'part-2')).toHaveLength(3);
    expect(completedParts()).toHaveLength(5);
  });

  it('gives up on a part after four tries, says why and aborts the upload', async () => {
    FakeXhr.script.set('part-3', ['fail', 'fail', 'fail', 'fail']);

    const error = await uploadFile(target, file, { onProgress: () => undefined, signal: new AbortController().signal, file: FILE, firstRetryMs: 1 }).catch((e: Error) => e);

    expect(FakeXhr.sent.filter((s) => s.url === 'part-3')).toHaveLength(4);
    expect(String(error)).toContain('Error uploading file census.csv (part 3 of 5) to storage: Internal Server Error');
    expect(calls('/complete')).toHaveLength(0);
    expect(calls(UPLOAD_PATH)).toHaveLength(1);
  });

  it('stops on Cancel with an AbortError and aborts the upload', async () => {
    for (const n of [1, 2, 3]) FakeXhr.script.set(`part-${n}`, ['hang']);
    const controller = new AbortController();

    const upload = uploadFile(target, file, { onProgress: () => undefined, signal: controller.signal, file: FILE });
    await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    const error = await upload.catch((e: Error) => e);

    expect((error as Error).name).toBe('AbortError');
    expect(calls('/complete')).toHaveLength(0);
    expect(calls(UPLOAD_PATH)).toHaveLength(1);
  });
});

describe('uploading a file in one PUT', () => {
  it('PUTs the whole file with the declared headers and reports its progress', async () => {
    const progress: number[] = [];

    await uploadFile({ upload_url: 'whole', upload_headers: { 'Content-Type': 'text/csv' } }, file, { onProgress: (p) => progress.push(p), signal: new AbortController().signal });

    expect(FakeXhr.sent).toEqual([{ url: 'whole', size: 18, headers: { 'Content-Type': 'text/csv' } }]);
    expect(progress).toEqual([50, 100]);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('a file too large to upload', () => {
  it('is named before anything is asked of the API, in the API’s words', () => {
    const huge = { size: 5 * 1024 * 1024 * 1024 + 1 };

    expect(uploadSizeProblem({ size: 5 * 1024 * 1024 * 1024 })).toBeNull();
    expect(uploadSizeProblem(huge)).toBe('This file is larger than 5 GB. Split it into smaller files or remove unused worksheets and columns, then upload it again.');
    expect(uploadSizeProblem(huge, 100 * 1024 * 1024)).toContain('larger than 100 MB');
    expect(uploadSizeProblem(file)).toBeNull();
  });
});
