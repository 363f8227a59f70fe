import type { RouteDef } from './types';

/** Platform routes: health and the caller's own record. */
export const platformRoutes: RouteDef[] = [
  { method: 'GET', path: '/api/health', handler: 'api/health/get', access: 'public' },
  { method: 'GET', path: '/api/me', handler: 'api/me/get', access: 'signed-in' },
  { method: 'PATCH', path: '/api/me', handler: 'api/me/patch', access: 'signed-in' },
];
