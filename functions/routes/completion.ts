import type { RouteDef } from './types';

export const completionRoutes: RouteDef[] = [];
