import { applyResolution, ResolutionRuleError } from '../../../shared/resolution';
import { discrepancyResolutionSchema } from '../../../shared/schemas/resolution';
import { route } from '../../lib/http';
import {
  discrepancyParams,
  maskedDiscrepancy,
  readDiscrepancy,
  requireFresh,
  ruleError,
  verificationContext,
  writeDiscrepancy,
} from '../../lib/verification/verification';

/**
 * PATCH /api/companies/{company_id}/comparisons/{comparison_id}/data_point_discrepancies/{id}
 * Resolves one discrepancy (type, value, notes, verifier notes, ignore, skip_verification). The
 * server sets resolved_by_user_id and resolved_date. Stale updated_at → 409, nothing written; a
 * contradiction with the stored row (e.g. a value for an ignored row) → 400 naming the field.
 */
export const handler = route({ params: discrepancyParams, body: discrepancyResolutionSchema }, async ({ params, body, caller }) => {
  const vc = await verificationContext(caller, params.company_id, params.comparison_id);
  const { updated_at, ...change } = body;
  const record = requireFresh(await readDiscrepancy(vc.key, params.id), updated_at);
  let next;
  try {
    next = applyResolution(record, change, { userId: caller.user.id, now: new Date() });
  } catch (error) {
    if (error instanceof ResolutionRuleError) throw ruleError(error);
    throw error;
  }
  const written = await writeDiscrepancy(vc, record, next, updated_at);
  return maskedDiscrepancy(vc, written);
});
