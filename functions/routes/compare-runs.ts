import * as api from '../../shared/api/results';
import { routeOf, type RouteDef } from './types';

/** Running a comparison and reading its results. */
export const compareRunsRoutes: RouteDef[] = [
  routeOf(api.runComparison, 'api/compare-runs/run'),
  routeOf(api.listDiscrepancies, 'api/results/data-point-discrepancies'),
  routeOf(api.listMissingRows, 'api/results/missing-discrepancies'),
  routeOf(api.getReport, 'api/results/report'),
  routeOf(api.getChangesSincePrevious, 'api/results/changes-since-previous'),
  routeOf(api.listCarrierAudits, 'api/results/carrier-audits'),
];
