import type { RouteDef } from './types';

const comparison = '/api/companies/{company_id}/comparisons/{comparison_id}';

/** Running a comparison and reading its results. */
export const compareRunsRoutes: RouteDef[] = [
  { method: 'POST', path: `${comparison}/run`, handler: 'api/compare-runs/run', access: 'signed-in' },
  { method: 'GET', path: `${comparison}/data_point_discrepancies`, handler: 'api/results/data-point-discrepancies', access: 'signed-in' },
  { method: 'GET', path: `${comparison}/missing_discrepancies`, handler: 'api/results/missing-discrepancies', access: 'signed-in' },
  { method: 'GET', path: `${comparison}/report`, handler: 'api/results/report', access: 'signed-in' },
];
