/**
 * The route table: the single source of truth for the API. The CDK stack makes one Lambda and one
 * HTTP API route per entry; the local server mounts the very same handler modules in-process.
 *
 * `handler` is the module path under `functions/` (without extension); the module exports `handler`.
 * `access` says who may call: `public` needs no token, `signed-in` any active user; finer rules
 * (role, tenant scope) are enforced inside the handler from the caller's user record, because a
 * tenant id in the path can only be checked against data.
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

export const routes: RouteDef[] = [
  { method: 'GET', path: '/api/health', handler: 'api/health/get', access: 'public' },
  { method: 'GET', path: '/api/me', handler: 'api/me/get', access: 'signed-in' },
  { method: 'PATCH', path: '/api/me', handler: 'api/me/patch', access: 'signed-in' },
];

/** The API area a route belongs to (first path segment after /api), used to split nested stacks. */
export function routeArea(route: Pick<RouteDef, 'path'>): string {
  return route.path.split('/')[2] ?? 'root';
}

/** A stable, readable id for a route, e.g. `GET /api/me` → `GetApiMe`. */
export function routeId(route: Pick<RouteDef, 'method' | 'path'>): string {
  const words = [route.method.toLowerCase(), ...route.path.split(/[^A-Za-z0-9]+/)].filter(Boolean);
  return words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}
