import type { approveDiscrepancy } from '../../../shared/api/verification';
import { reviewRefusal } from '../../../shared/four-eyes';
import { isResolved } from '../../../shared/resolution';
import { badRequest, HttpError } from '../errors';
import { serve } from '../http';
import { maskedDiscrepancy, readDiscrepancy, requireFresh, verificationContext, writeDiscrepancy, type DiscrepancyRecord } from './verification';

/**
 * The verifier's review of a resolution (UX: the verifier sees who resolved what and can send it
 * back). Four eyes (shared/four-eyes.ts): nobody reviews their own resolution, and when the
 * comparison has an assigned verifier nobody else reviews → 403, nothing written. Approve records
 * APPROVED; send back records SENT_BACK for the resolver to look at again. Both are conditional on
 * the updated_at read.
 */
export function reviewHandler(endpoint: typeof approveDiscrepancy, status: 'APPROVED' | 'SENT_BACK') {
  return serve(endpoint, async ({ params, body, caller }) => {
    const vc = await verificationContext(caller, params.company_id, params.comparison_id);
    const record = requireFresh(await readDiscrepancy(vc.key, params.id), body.updated_at);
    if (!isResolved(record)) throw badRequest('Only a resolved discrepancy can be reviewed.', { id: 'This discrepancy is not resolved yet' });
    const refusal = reviewRefusal(record.resolved_by_user_id, { userId: caller.user.id, verifierId: vc.comparison.verifier_user_id });
    if (refusal) throw new HttpError(403, refusal);
    const next: DiscrepancyRecord = {
      ...record,
      verification_status: status,
      verified_by_user_id: caller.user.id,
      verified_date: new Date().toISOString(),
      ...(body.resolved_verifier_notes !== undefined ? { resolved_verifier_notes: body.resolved_verifier_notes || undefined } : {}),
    };
    return maskedDiscrepancy(vc, await writeDiscrepancy(vc, record, next, body.updated_at));
  });
}
