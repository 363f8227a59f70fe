import { sendBackDiscrepancy } from '../../../shared/api/verification';
import { reviewHandler } from '../../lib/verification/review';

/** POST …/data_point_discrepancies/{id}/send_back: the verifier sends a resolution back to be looked at again. */
export const handler = reviewHandler(sendBackDiscrepancy, 'SENT_BACK');
