import type { RouteDef } from './types';

const comparison = '/api/companies/{company_id}/comparisons/{comparison_id}';

/**
 * Verify discrepancies and verify missing data (issue 6): resolving (single and bulk), the
 * verifier's review, and the merge records the decisions produce. Verify-only users may call all of
 * these (the role gate lets them write under data_point_discrepancies and missing_discrepancies).
 */
export const verificationRoutes: RouteDef[] = [
  { method: 'PATCH', path: `${comparison}/data_point_discrepancies`, handler: 'api/verification/discrepancy-bulk', access: 'signed-in' },
  { method: 'PATCH', path: `${comparison}/data_point_discrepancies/{id}`, handler: 'api/verification/discrepancy-patch', access: 'signed-in' },
  { method: 'POST', path: `${comparison}/data_point_discrepancies/{id}/approve`, handler: 'api/verification/discrepancy-approve', access: 'signed-in' },
  { method: 'POST', path: `${comparison}/data_point_discrepancies/{id}/send_back`, handler: 'api/verification/discrepancy-send-back', access: 'signed-in' },
  { method: 'PATCH', path: `${comparison}/missing_discrepancies`, handler: 'api/verification/missing-bulk', access: 'signed-in' },
  { method: 'PATCH', path: `${comparison}/missing_discrepancies/{id}`, handler: 'api/verification/missing-patch', access: 'signed-in' },
  { method: 'GET', path: `${comparison}/data_point_merges`, handler: 'api/verification/data-point-merges', access: 'signed-in' },
  { method: 'GET', path: `${comparison}/missing_discrepancy_merges`, handler: 'api/verification/missing-discrepancy-merges', access: 'signed-in' },
];
