import type { RouteDef } from './types';

/** Running a comparison and reading its results. */
export const compareRunsRoutes: RouteDef[] = [];
