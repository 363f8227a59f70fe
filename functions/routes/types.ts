import type { Endpoint } from '../../shared/api/endpoint';

/**
 * A route of the API: an endpoint of the contract (shared/api) served by a handler module.
 * `handler` is the module path under `functions/` (without extension); the module exports
 * `handler`. `access` says who may call: `public` needs no token, `signed-in` an active user; the
 * role gate (shared/permissions) and tenant scope apply inside the wrapper and handler, because a
 * tenant id in the path can only be checked against data.
 */
export type { HttpMethod } from '../../shared/api/endpoint';

export type RouteAccess = 'public' | 'signed-in';

export interface RouteDef {
  method: Endpoint['method'];
  /** API Gateway path syntax: `/api/companies/{company_id}/comparisons`. */
  path: string;
  handler: string;
  access: RouteAccess;
  /** What the route takes and answers; the OpenAPI document and the contract checks read it. */
  endpoint?: Endpoint;
  /** Optional per-route Lambda settings (long-running or memory-hungry handlers). */
  timeoutSeconds?: number;
  memoryMb?: number;
}

type RouteOptions = Partial<Pick<RouteDef, 'access' | 'timeoutSeconds' | 'memoryMb'>>;

/** The route serving `endpoint` with the handler module `handler` (signed-in unless said otherwise). */
export function routeOf(endpoint: Endpoint, handler: string, options: RouteOptions = {}): RouteDef {
  return { method: endpoint.method, path: endpoint.path, handler, access: options.access ?? 'signed-in', endpoint, ...options };
}
