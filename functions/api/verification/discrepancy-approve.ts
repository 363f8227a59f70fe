import { approveDiscrepancy } from '../../../shared/api/verification';
import { reviewHandler } from '../../lib/verification/review';

/** POST …/data_point_discrepancies/{id}/approve: the verifier approves someone else's resolution. */
export const handler = reviewHandler(approveDiscrepancy, 'APPROVED');
