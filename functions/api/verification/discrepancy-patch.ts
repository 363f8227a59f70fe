import { resolveDiscrepancy } from '../../../shared/api/verification';
import { applyResolution, ResolutionForbiddenError, ResolutionRuleError } from '../../../shared/resolution';
import { serve } from '../../lib/http';
import {
  maskedDiscrepancy,
  readDiscrepancy,
  requireFresh,
  reviewerOf,
  ruleError,
  verificationContext,
  writeDiscrepancy,
} from '../../lib/verification/verification';

/**
 * PATCH /api/companies/{company_id}/comparisons/{comparison_id}/data_point_discrepancies/{id}
 * Resolves one discrepancy (type, value, notes, verifier notes, ignore, skip_verification). The
 * server sets resolved_by_user_id and resolved_date. Stale updated_at → 409, nothing written; a
 * contradiction with the stored row (e.g. a value for an ignored row) → 400 naming the field;
 * skip_verification asked for by someone the four-eyes rule refuses (shared/four-eyes.ts) → 403.
 */
export const handler = serve(resolveDiscrepancy, async ({ params, body, caller }) => {
  const vc = await verificationContext(caller, params.company_id, params.comparison_id);
  const { updated_at, ...change } = body;
  const record = requireFresh(await readDiscrepancy(vc.key, params.id), updated_at);
  const { userId, ...reviewer } = await reviewerOf(vc);
  let next;
  try {
    next = applyResolution(record, change, { userId, now: new Date(), reviewer });
  } catch (error) {
    if (error instanceof ResolutionRuleError || error instanceof ResolutionForbiddenError) throw ruleError(error);
    throw error;
  }
  const written = await writeDiscrepancy(vc, record, next, updated_at);
  return maskedDiscrepancy(vc, written);
});
