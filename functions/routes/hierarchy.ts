import type { RouteDef } from './types';

export const hierarchyRoutes: RouteDef[] = [];
