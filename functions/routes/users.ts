import type { RouteDef } from './types';

export const usersRoutes: RouteDef[] = [];
