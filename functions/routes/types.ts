/**
 * A route of the API. `handler` is the module path under `functions/` (without extension); the
 * module exports `handler`. `access` says who may call: `public` needs no token, `signed-in` an
 * active user; the role gate (shared/permissions) and tenant scope apply inside the wrapper and
 * handler, because a tenant id in the path can only be checked against data.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RouteAccess = 'public' | 'signed-in';

export interface RouteDef {
  method: HttpMethod;
  /** API Gateway path syntax: `/api/companies/{company_id}/comparisons`. */
  path: string;
  handler: string;
  access: RouteAccess;
  /** Optional per-route Lambda settings (long-running or memory-hungry handlers). */
  timeoutSeconds?: number;
  memoryMb?: number;
}
