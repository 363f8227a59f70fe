import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { routes, type RouteDef } from '../../functions/routes';

/**
 * What API Gateway (HTTP API, payload v2) and its Cognito JWT authorizer do in AWS, done locally
 * over the same route table: match the route, verify the bearer token against cognito-local's
 * JWKS, build the v2 event, invoke the handler module in-process.
 */
interface CompiledRoute {
  route: RouteDef;
  pattern: RegExp;
  params: string[];
}

const functionsDir = path.resolve(import.meta.dirname, '../../functions');

function compile(route: RouteDef): CompiledRoute {
  const params: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const m = /^\{(\w+)(\+)?\}$/.exec(segment);
      if (!m) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      params.push(m[1]);
      return m[2] ? '(.+)' : '([^/]+)';
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), params };
}

// Literal segments win over parameters, as in API Gateway.
const compiled = routes.map(compile).sort((a, b) => a.params.length - b.params.length);

export function matchRoute(method: string, pathname: string) {
  let pathMatched = false;
  for (const c of compiled) {
    const m = c.pattern.exec(pathname);
    if (!m) continue;
    pathMatched = true;
    if (c.route.method !== method) continue;
    const pathParameters = Object.fromEntries(c.params.map((name, i) => [name, decodeURIComponent(m[i + 1])]));
    return { route: c.route, pathParameters };
  }
  return pathMatched ? 'method-not-allowed' : undefined;
}

export interface JwtSettings {
  issuer: string;
  jwksUrl: string;
  clientId: string;
}

/** Tokens whose signature was checked, kept until they expire (as the JWT authorizer caches its answers). */
const VERIFIED_TOKENS_MAX = 1_000;

export function tokenVerifier(settings: JwtSettings, now: () => number = Date.now) {
  const jwks = createRemoteJWKSet(new URL(settings.jwksUrl));
  // A signature, once verified, stays valid: only the expiry is checked again on each use.
  const verified = new Map<string, JWTPayload>();
  return async (authorization: string | undefined): Promise<JWTPayload | null> => {
    const token = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return null;
    const known = verified.get(token);
    if (known) {
      if (typeof known.exp === 'number' && known.exp * 1000 > now()) return known;
      verified.delete(token);
    }
    const payload = await verifyToken(token);
    if (payload) {
      if (verified.size >= VERIFIED_TOKENS_MAX) verified.delete(verified.keys().next().value!);
      verified.set(token, payload);
    }
    return payload;
  };

  async function verifyToken(token: string): Promise<JWTPayload | null> {
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer: settings.issuer });
      // Same audience rule as the HTTP API JWT authorizer: id tokens carry aud, access tokens client_id.
      const audience = payload.aud ?? payload.client_id;
      const audiences = Array.isArray(audience) ? audience : [audience];
      return audiences.includes(settings.clientId) ? payload : null;
    } catch {
      return null;
    }
  }
}

const handlers = new Map<string, Promise<(event: unknown) => Promise<APIGatewayProxyStructuredResultV2 | string>>>();
function loadHandler(module: string) {
  let loaded = handlers.get(module);
  if (!loaded) {
    loaded = import(pathToFileURL(path.join(functionsDir, `${module}.ts`)).href).then((m) => m.handler);
    handlers.set(module, loaded);
  }
  return loaded;
}

const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded|xml)|text\/)/i;

export function buildEvent(
  req: IncomingMessage,
  url: URL,
  body: Buffer,
  route: RouteDef,
  pathParameters: Record<string, string>,
  claims: JWTPayload | null,
): APIGatewayProxyEventV2WithJWTAuthorizer {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[key.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) query[key] = key in query ? `${query[key]},${value}` : value;
  const contentType = headers['content-type'] ?? '';
  const isText = body.length === 0 || TEXT_TYPES.test(contentType);
  const now = new Date();
  return {
    version: '2.0',
    routeKey: `${route.method} ${route.path}`,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(pathParameters).length ? pathParameters : undefined,
    body: body.length ? (isText ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: !isText,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: `${route.method} ${route.path}`,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
      authorizer: { jwt: { claims: (claims ?? {}) as Record<string, string>, scopes: [] }, principalId: '', integrationLatency: 0 },
    },
  } as APIGatewayProxyEventV2WithJWTAuthorizer;
}

export async function invoke(route: RouteDef, event: APIGatewayProxyEventV2WithJWTAuthorizer) {
  const handler = await loadHandler(route.handler);
  const result = await handler(event);
  // HTTP API accepts a bare string/object as a 200 JSON response.
  if (typeof result === 'string' || !result || typeof result !== 'object' || !('statusCode' in result)) {
    return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: typeof result === 'string' ? result : JSON.stringify(result) };
  }
  return result as APIGatewayProxyStructuredResultV2;
}
