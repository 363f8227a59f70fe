import { getIdToken, refreshSession } from './session';
import { TIMING } from '../config/literals';
import { MFA_REQUIRED_CODE } from '../../../shared/admin-mfa';
import { gzipBase64 } from './compress';
import { ApiError, errorFromResponse, isNotFoundError, isReauthenticationError, networkError, reauthenticationError } from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  body?: unknown;
  /** Send the body gzipped and base64-encoded (large row sets). */
  compress?: boolean;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** Only for tests and the sign-out path; normally the Cognito ID token is read per call. */
  token?: string | null;
  /**
   * Sent as the `Idempotency-Key` header: the server answers a repeat of the same key with the
   * first answer instead of doing the work again, which makes the write safe to retry.
   */
  idempotencyKey?: string;
}

export type RequestResult<T> = { data: T; error?: undefined } | { data?: undefined; error: ApiError };

export function withQuery(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  if (!qs) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${qs}`;
}

/** SPEC §7 generic request helper: never throws; answers `{ data }` or `{ error }`. */
export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<RequestResult<T>> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };

  let token: string | null;
  try {
    token = options.token !== undefined ? options.token : await getIdToken();
  } catch (error) {
    return { error: networkError(error) };
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;

  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    const json = JSON.stringify(options.body);
    if (options.compress) {
      body = await gzipBase64(json);
      headers['Content-Type'] = 'application/octet-stream';
      headers['Content-Encoding'] = 'gzip';
    } else {
      body = json;
      headers['Content-Type'] = 'application/json';
    }
  }

  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), { method, headers, body, signal: options.signal });
  } catch (error) {
    return { error: networkError(error) };
  }

  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    return { error: networkError(error) };
  }

  if (!response.ok) {
    const error = errorFromResponse(response.status, response.statusText, text);
    if (isMfaRequired(error)) goToMfaSetup();
    return { error };
  }
  if (!text) return { data: undefined as T };
  try {
    return { data: JSON.parse(text) as T };
  } catch {
    // A 2xx that is not JSON (e.g. the SPA's index.html answering an unknown path) is not data.
    return { error: new ApiError(`${response.status} (Invalid JSON)`, 'http', response.status) };
  }
}

/** The API's answer to an administrator without two-step verification (shared/admin-mfa.ts). */
export const isMfaRequired = (error: ApiError) =>
  error.status === 403 && (error.body as { code?: unknown } | undefined)?.code === MFA_REQUIRED_CODE;

/** Where such an administrator sets it up: the profile page, which explains why when it has `?mfa=required`. */
export const MFA_SETUP_PATH = '/profile?mfa=required';

function goToMfaSetup() {
  // On the profile page already: what it shows is the set-up; other calls there may be refused.
  if (typeof window === 'undefined' || window.location.pathname === '/profile') return;
  window.location.assign(MFA_SETUP_PATH);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * SPEC §8 error policy for calls made outside SWR: not-found is final; a refused token is refreshed
 * and the call repeated once; other failures of a GET are retried once after 2 s. Writes are not
 * retried blindly because a lost response may hide a write that happened; a write with an
 * idempotency key is, when it got no answer or a server error, since its repeat is answered with
 * the first one's result rather than done twice.
 */
export async function requestWithPolicy<T = unknown>(path: string, options: RequestOptions = {}): Promise<RequestResult<T>> {
  const first = await request<T>(path, options);
  if (!first.error || isNotFoundError(first.error)) return first;
  if (isReauthenticationError(first.error)) {
    if (!(await refreshSession())) return { error: reauthenticationError() };
    const again = await request<T>(path, options);
    return again.error && isReauthenticationError(again.error) ? { error: reauthenticationError() } : again;
  }
  if ((options.method ?? 'GET') !== 'GET' && !(options.idempotencyKey && !options.signal?.aborted && isRetryableWriteFailure(first.error))) return first;
  await sleep(TIMING.swrErrorRetryIntervalMs);
  return request<T>(path, options);
}

/** No answer at all, or the server failed: a refusal (4xx) would only be refused again. */
const isRetryableWriteFailure = (error: ApiError) => error.status === undefined || error.status >= 500;

/** The SWR fetcher: SWR wants a throw on failure. Keys are a path or [path, query]. */
export async function apiFetcher<T = unknown>(key: string | readonly [string, RequestOptions['query']]): Promise<T> {
  const [path, query] = typeof key === 'string' ? [key, undefined] : key;
  const result = await request<T>(path, { query });
  if (result.error) throw result.error;
  return result.data;
}
