import { gunzipSync } from 'node:zlib';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyResultV2 } from 'aws-lambda';
import { z, type ZodType } from 'zod';
import { appendInvocationKeys } from './observability/invocation';
import { instrumented } from './observability/instrumented';
import { logger } from './observability/logger';
import { recordRequest } from './observability/metrics';
import { adminMfaRequired, loadCaller, type Caller } from './tenancy/caller';
import { adminMfaGate, MFA_REQUIRED_CODE, MFA_REQUIRED_MESSAGE } from '../../shared/admin-mfa';
import { timePhase } from './request-phases';
import { gateAccess, type RouteGate } from '../../shared/permissions/route-gates';
import type { Endpoint, ParsedBodyOf, ParsedParamsOf, ParsedQueryOf, ResponseOf } from '../../shared/api/endpoint';

/**
 * The request wrapper every route handler goes through: caller identity from the verified JWT
 * only (API Gateway's authorizer, or the local server that verified it the same way), body
 * decoding (including the web's gzip+base64 `compress` option), zod validation with field
 * errors, `{ message }` errors, and per request one structured log line without bodies and its
 * metrics (count, duration, errors by status class).
 */
export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;

export { HttpError, notFound, badRequest, conflict } from './errors';
import { HttpError, badRequest } from './errors';
import { cameThroughCloudFront, NOT_THROUGH_CLOUDFRONT_MESSAGE } from './origin-verify';

export interface HttpResult<T = unknown> {
  readonly __http: true;
  status: number;
  body?: T;
  headers?: Record<string, string>;
}
const result = <T>(status: number, body?: T, headers?: Record<string, string>): HttpResult<T> => ({
  __http: true,
  status,
  body,
  headers,
});
export const ok = <T>(body: T) => result(200, body);
export const accepted = <T>(body: T) => result(202, body);
export const noContent = () => result<never>(204);

export interface Request<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  caller: Caller;
  event: ApiEvent;
}
export interface PublicRequest<B, Q, P> extends Omit<Request<B, Q, P>, 'caller'> {
  caller: Caller | null;
}

interface Options<B, Q, P> {
  body?: ZodType<B>;
  query?: ZodType<Q>;
  params?: ZodType<P>;
}

/** Field errors keyed by dotted path, the shape the web maps straight onto a form. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      // Name the field, so a body carrying `role` or a tenant id says which one was refused.
      for (const key of issue.keys) errors[[...issue.path, key].join('.')] ??= 'This field cannot be set here';
      continue;
    }
    const key = issue.path.length ? issue.path.join('.') : '_';
    errors[key] ??= issue.message;
  }
  return errors;
}

function describeFieldErrors(errors: Record<string, string>): string {
  const fields = Object.keys(errors).filter((k) => k !== '_');
  return fields.length ? `Invalid request: check ${fields.join(', ')}` : Object.values(errors)[0] ?? 'Invalid request';
}

function header(event: ApiEvent, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) if (key.toLowerCase() === wanted) return value;
  return undefined;
}

/**
 * API Gateway refuses request bodies above 10 MB. A gzipped body passes that check at its
 * compressed size, so the inflated bytes are held to the same limit.
 */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

export function decodeBody(event: ApiEvent): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  let bytes = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
  if ((header(event, 'content-encoding') ?? '').toLowerCase().includes('gzip')) {
    // The web's compress option sends gzip bytes base64-encoded as text; accept raw gzip too.
    const isGzipMagic = bytes[0] === 0x1f && bytes[1] === 0x8b;
    if (!isGzipMagic) bytes = Buffer.from(bytes.toString('utf8'), 'base64');
    try {
      // maxOutputLength stops inflating at the limit, so a small bomb never grows to its full size.
      bytes = gunzipSync(bytes, { maxOutputLength: MAX_BODY_BYTES });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new HttpError(413, 'The request body is too large once decompressed.');
      }
      throw badRequest('The request body could not be decompressed.');
    }
  }
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
}

function parse<T>(schema: ZodType<T> | undefined, value: unknown, what: string): T {
  if (!schema) return value as T;
  const parsed = schema.safeParse(value ?? (what === 'body' ? undefined : {}));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    throw badRequest(describeFieldErrors(errors), errors);
  }
  return parsed.data;
}

function respond(status: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyResultV2 {
  return {
    statusCode: status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
    body: body === undefined ? '' : JSON.stringify(body),
  };
}

async function run(
  event: ApiEvent,
  access: { gate: RouteGate; method: string },
  handle: (caller: Caller | null) => Promise<unknown>,
): Promise<APIGatewayProxyResultV2> {
  const requireCaller = access.gate !== 'public';
  const started = Date.now();
  let status = 500;
  let callerId: string | undefined;
  try {
    // Requests that reached the API's own host name without passing CloudFront and its WAF.
    if (!cameThroughCloudFront(event.headers)) throw new HttpError(403, NOT_THROUGH_CLOUDFRONT_MESSAGE);
    const sub = event.requestContext?.authorizer?.jwt?.claims?.sub as string | undefined;
    const caller = sub ? await timePhase('caller', () => loadCaller(sub)) : null;
    callerId = caller?.user.id;
    if (callerId) appendInvocationKeys({ user: callerId });
    if (requireCaller && !caller) throw new HttpError(401, 'Unauthorized');
    // Administrators without two-step verification may only reach what sets it up (shared/admin-mfa.ts).
    if (requireCaller && adminMfaGate({ required: adminMfaRequired(), user: caller!.user, hasMfa: caller!.hasMfa, routeKey: event.routeKey }) !== 'allow') {
      throw new HttpError(403, MFA_REQUIRED_MESSAGE, undefined, { code: MFA_REQUIRED_CODE });
    }
    // The endpoint's gate (shared/permissions/route-gates.ts) decides by role; tenant checks follow in the handler.
    if (requireCaller && gateAccess(caller!.user, access.gate, access.method) !== 'allow') throw new HttpError(404, 'Not found');
    const value = await timePhase('handler', () => handle(caller));
    const res =
      value && typeof value === 'object' && '__http' in value ? (value as HttpResult) : result(200, value);
    status = res.status;
    return await timePhase('serialize', () => respond(res.status, res.body, res.headers));
  } catch (error) {
    if (error instanceof HttpError) {
      status = error.status;
      return respond(error.status, { ...error.detail, message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    status = 500;
    logger.error('request failed', { error });
    return respond(500, { message: 'An error occurred' });
  } finally {
    const ms = Date.now() - started;
    logger.info('request', { status, ms });
    recordRequest(status, ms);
  }
}

/** Every API handler's log lines carry API Gateway's request id and the route template (never a path with ids). */
const requestKeys = (event: ApiEvent) => ({ request_id: event.requestContext?.requestId, route: event.routeKey });

type Answer<E> = ResponseOf<E> | HttpResult<ResponseOf<E>>;

/** Runs `handle` with the request validated by the endpoint's schemas; a bare value answers the endpoint's success status. */
function serveWith<E extends Endpoint>(endpoint: E, requireCaller: boolean, handle: (req: PublicRequest<ParsedBodyOf<E>, ParsedQueryOf<E>, ParsedParamsOf<E>>) => Promise<Answer<E>>) {
  return instrumented(`${endpoint.method} ${endpoint.path}`, (event: ApiEvent) =>
    run(event, { gate: requireCaller ? endpoint.gate : 'public', method: endpoint.method }, async (caller) => {
      const params = parse(endpoint.params, event.pathParameters ?? {}, 'params') as ParsedParamsOf<E>;
      const query = parse(endpoint.query, event.queryStringParameters ?? {}, 'query') as ParsedQueryOf<E>;
      const body = (endpoint.body ? parse(endpoint.body, decodeBody(event), 'body') : undefined) as ParsedBodyOf<E>;
      const value = await handle({ body, query, params, caller, event });
      if (value && typeof value === 'object' && '__http' in value) return value;
      return result(endpoint.status ?? 200, value);
    }), requestKeys);
}

/** The handler of a signed-in endpoint: request parsed by its schemas, the answer typed by its response schema. */
export function serve<E extends Endpoint>(endpoint: E, handle: (req: Request<ParsedBodyOf<E>, ParsedQueryOf<E>, ParsedParamsOf<E>>) => Promise<Answer<E>>) {
  return serveWith(endpoint, true, (req) => handle({ ...req, caller: req.caller! }));
}

/** The handler of a public endpoint; the caller is known when a valid token came with it. */
export function servePublic<E extends Endpoint>(endpoint: E, handle: (req: PublicRequest<ParsedBodyOf<E>, ParsedQueryOf<E>, ParsedParamsOf<E>>) => Promise<Answer<E>>) {
  return serveWith(endpoint, false, handle);
}

/** A route anyone may call; the caller is known when a valid token came with it. */
export function publicRoute<B = undefined, Q = Record<string, string>, P = Record<string, string>>(
  options: Options<B, Q, P>,
  handle: (req: PublicRequest<B, Q, P>) => Promise<unknown>,
) {
  return instrumented('public route', (event: ApiEvent) =>
    run(event, { gate: 'public', method: event.requestContext?.http?.method ?? 'GET' }, async (caller) => {
      const params = parse(options.params, event.pathParameters ?? {}, 'params');
      const query = parse(options.query, event.queryStringParameters ?? {}, 'query');
      const body = options.body ? parse(options.body, decodeBody(event), 'body') : (undefined as B);
      return handle({ body, query, params, caller, event });
    }), requestKeys);
}
