import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('./session', () => ({
  getIdToken: vi.fn(async () => 'id-token'),
  refreshSession: vi.fn(async () => true),
}));

import { refreshSession } from './session';
import { isNotFoundError } from './errors';
import { request, requestWithPolicy } from './request';
import { onErrorRetry } from './swr';

const fetchMock = vi.fn<typeof fetch>();

function jsonResponse(status: number, body: unknown, statusText = '') {
  return new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('request', () => {
  it('sends JSON with the method and the bearer token, and answers { data }', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { id: 'x1' }));

    const result = await request('/api/things', { method: 'POST', body: { name: 'A' } });

    expect(result).toEqual({ data: { id: 'x1' } });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/things');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"name":"A"}');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer id-token');
  });

  it('with compress sends the body gzipped then base64 as an octet-stream that decodes back', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { ok: true }));
    const rows = Array.from({ length: 200 }, (_, i) => ({ ssn: `000-00-${String(i).padStart(4, '0')}`, name: 'Ann Lee' }));

    await request('/api/rows', { method: 'POST', body: { rows }, compress: true });

    const init = fetchMock.mock.calls[0][1]!;
    const headers = init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBe('application/octet-stream');
    expect(headers['Content-Encoding']).toBe('gzip');
    const decoded = gunzipSync(Buffer.from(init.body as string, 'base64')).toString('utf8');
    expect(JSON.parse(decoded)).toEqual({ rows });
    expect((init.body as string).length).toBeLessThan(JSON.stringify({ rows }).length);
  });

  it('turns a 404 into the not-found error whatever its body says', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(404, { message: 'Organization not found' }));

    const { error } = await request('/api/organizations/nope');

    expect(isNotFoundError(error)).toBe(true);
    expect(error?.message).toBe('404 (Not Found)');
  });

  it('uses the JSON message of an error body, or the generic text when it has none', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(409, { message: 'Stale write' }));
    fetchMock.mockResolvedValueOnce(jsonResponse(400, { errors: [] }));

    expect((await request('/api/a')).error?.message).toBe('Stale write');
    expect((await request('/api/b')).error?.message).toBe('An error occurred');
  });

  it('builds the error from status and status text when the body is not JSON', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>nope</html>', { status: 401, statusText: 'Unauthorized' }));
    fetchMock.mockResolvedValueOnce(new Response('', { status: 401 }));

    const first = await request('/api/me');
    const second = await request('/api/me');

    expect(first.error?.message).toBe('401 (Unauthorized)');
    expect(first.error?.kind).toBe('reauthenticate');
    expect(second.error?.message).toBe('401 (Unauthorized)');
  });

  it('reports a network failure as a fetch error', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));

    const { error } = await request('/api/me');

    expect(error?.message).toBe('A fetch error occurred: Failed to fetch');
    expect(error?.kind).toBe('network');
  });

  it('adds query parameters, skipping empty ones', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, []));

    await request('/api/organizations/o1/users', { query: { company_id: 'c 1', roles: undefined } });

    expect(fetchMock.mock.calls[0][0]).toBe('/api/organizations/o1/users?company_id=c+1');
  });
});

describe('requestWithPolicy', () => {
  it('does not retry a not-found', async () => {
    fetchMock.mockResolvedValue(jsonResponse(404, { message: 'gone' }));

    const { error } = await requestWithPolicy('/api/companies/x');

    expect(isNotFoundError(error)).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('retries other failures once, after 2 seconds', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValueOnce(jsonResponse(500, { message: 'boom' }));
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { id: 'o1' }));

    const pending = requestWithPolicy('/api/organizations/o1');
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);

    expect(await pending).toEqual({ data: { id: 'o1' } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('gives up after the one retry', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(async () => jsonResponse(500, { message: 'boom' }));

    const pending = requestWithPolicy('/api/organizations/o1');
    await vi.advanceTimersByTimeAsync(10_000);

    expect((await pending).error?.message).toBe('boom');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('refreshes the token and repeats a call whose token was refused', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { message: 'Unauthorized' }));
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { id: 'me' }));

    const result = await requestWithPolicy('/api/me');

    expect(refreshSession).toHaveBeenCalled();
    expect(result).toEqual({ data: { id: 'me' } });
  });

  it('repeats a write with an idempotency key once, with the same key, when it got no answer', async () => {
    vi.useFakeTimers();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fetchMock.mockResolvedValueOnce(jsonResponse(202, { status: 'RUNNING' }));

    const pending = requestWithPolicy('/api/things/run', { method: 'POST', idempotencyKey: 'intent-1' });
    await vi.advanceTimersByTimeAsync(2000);

    expect(await pending).toEqual({ data: { status: 'RUNNING' } });
    const keys = fetchMock.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toEqual(['intent-1', 'intent-1']);
  });

  it('does not repeat a keyed write the server refused', async () => {
    fetchMock.mockResolvedValue(jsonResponse(409, { message: 'A run is already under way.' }));

    const { error } = await requestWithPolicy('/api/things/run', { method: 'POST', idempotencyKey: 'intent-1' });

    expect(error?.status).toBe(409);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not blindly repeat a failed write', async () => {
    fetchMock.mockResolvedValue(jsonResponse(500, { message: 'boom' }));

    await requestWithPolicy('/api/things', { method: 'POST', body: {} });

    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('SWR onErrorRetry', () => {
  const config = { errorRetryCount: 1, errorRetryInterval: 2000 } as Parameters<typeof onErrorRetry>[2];

  it('never retries a not-found', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValueOnce(jsonResponse(404, {}));
    const { error } = await request('/api/x');
    const revalidate = vi.fn();

    onErrorRetry(error, '/api/x', config, revalidate, { retryCount: 1, dedupe: true });
    vi.advanceTimersByTime(60_000);

    expect(revalidate).not.toHaveBeenCalled();
  });

  it('retries another error exactly once after 2 seconds', () => {
    vi.useFakeTimers();
    const revalidate = vi.fn();

    onErrorRetry(new Error('boom'), '/api/x', config, revalidate, { retryCount: 1, dedupe: true });
    vi.advanceTimersByTime(1999);
    expect(revalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(revalidate).toHaveBeenCalledTimes(1);

    onErrorRetry(new Error('boom'), '/api/x', config, revalidate, { retryCount: 2, dedupe: true });
    vi.advanceTimersByTime(60_000);
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  it('refreshes the token before retrying a refused call, and stops when the refresh fails', async () => {
    const revalidate = vi.fn();
    const { reauthenticationError } = await import('./errors');

    onErrorRetry(reauthenticationError(), '/api/x', config, revalidate, { retryCount: 1, dedupe: true });
    await vi.waitFor(() => expect(revalidate).toHaveBeenCalledTimes(1));

    vi.mocked(refreshSession).mockResolvedValueOnce(false);
    onErrorRetry(reauthenticationError(), '/api/x', config, revalidate, { retryCount: 1, dedupe: true });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(revalidate).toHaveBeenCalledTimes(1);
  });
});
