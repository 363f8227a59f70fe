import { getHealth, getMe, getOpenApi, updateMe } from '../../shared/api/platform';
import { routeOf, type RouteDef } from './types';

/** Platform routes: health, the API description and the caller's own record. */
export const platformRoutes: RouteDef[] = [
  routeOf(getHealth, 'api/health/get', { access: 'public' }),
  routeOf(getOpenApi, 'api/openapi/get', { access: 'public' }),
  routeOf(getMe, 'api/me/get'),
  routeOf(updateMe, 'api/me/patch'),
];
