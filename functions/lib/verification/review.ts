import { z } from 'zod';
import { OWN_RESOLUTION_MESSAGE, reviewRefusal } from '../../../shared/four-eyes';
import { isResolved } from '../../../shared/resolution';
import { updatedAtField } from '../../../shared/schemas/fields';
import { MAX_NOTES_LENGTH } from '../../../shared/schemas/resolution';
import { badRequest, HttpError } from '../errors';
import {
  discrepancyParams,
  maskedDiscrepancy,
  readDiscrepancy,
  requireFresh,
  verificationContext,
  writeDiscrepancy,
  type DiscrepancyRecord,
} from './verification';
import { route } from '../http';

/** Body of approve / send_back: the version read, and optionally the verifier's note. */
export const reviewSchema = z
  .object({
    updated_at: updatedAtField(),
    resolved_verifier_notes: z
      .string({ error: 'resolved_verifier_notes must be text' })
      .trim()
      .max(MAX_NOTES_LENGTH, { error: `resolved_verifier_notes must be at most ${MAX_NOTES_LENGTH} characters` })
      .nullable()
      .optional(),
  })
  .strict();

export { OWN_RESOLUTION_MESSAGE };

/**
 * The verifier's review of a resolution (UX: the verifier sees who resolved what and can send it
 * back). Four eyes (shared/four-eyes.ts): nobody reviews their own resolution, and when the
 * comparison has an assigned verifier nobody else reviews → 403, nothing written. Approve records
 * APPROVED; send back records SENT_BACK for the resolver to look at again. Both are conditional on
 * the updated_at read.
 */
export function reviewHandler(status: 'APPROVED' | 'SENT_BACK') {
  return route({ params: discrepancyParams, body: reviewSchema }, async ({ params, body, caller }) => {
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
