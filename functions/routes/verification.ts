import * as api from '../../shared/api/verification';
import { routeOf, type RouteDef } from './types';

/**
 * Verify discrepancies and verify missing data: resolving (single and bulk), the
 * verifier's review, and the merge records the decisions produce. Verify-only users may call all of
 * these (the role gate lets them write under data_point_discrepancies and missing_discrepancies).
 */
export const verificationRoutes: RouteDef[] = [
  routeOf(api.resolveDiscrepancies, 'api/verification/discrepancy-bulk'),
  routeOf(api.resolveDiscrepancy, 'api/verification/discrepancy-patch'),
  routeOf(api.approveDiscrepancy, 'api/verification/discrepancy-approve'),
  routeOf(api.sendBackDiscrepancy, 'api/verification/discrepancy-send-back'),
  routeOf(api.resolveMissingRows, 'api/verification/missing-bulk'),
  routeOf(api.resolveMissingRow, 'api/verification/missing-patch'),
  routeOf(api.listDataPointMerges, 'api/verification/data-point-merges'),
  routeOf(api.listMissingMerges, 'api/verification/missing-discrepancy-merges'),
];
