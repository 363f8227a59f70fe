import type { RouteDef } from './types';

export const comparisonsRoutes: RouteDef[] = [];
