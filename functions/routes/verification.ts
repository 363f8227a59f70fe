import type { RouteDef } from './types';

export const verificationRoutes: RouteDef[] = [];
