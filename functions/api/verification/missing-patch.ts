import { resolveMissingRow } from '../../../shared/api/verification';
import { applyMissingResolution, ResolutionRuleError } from '../../../shared/resolution';
import { serve } from '../../lib/http';
import {
  dataPointIdsOf,
  maskedMissing,
  maskMergeValue,
  readMissing,
  requireFresh,
  ruleError,
  verificationContext,
  writeMissing,
} from '../../lib/verification/verification';

/**
 * PATCH /api/companies/{company_id}/comparisons/{comparison_id}/missing_discrepancies/{id}
 * Decides a missing or duplicate row: resolved_inclusion (true / false / null), type, notes,
 * verifier notes, and `merges` (the values to merge for an included row, replacing its set).
 * Excluding or un-deciding removes the row's merges. The row and its merges are written in one
 * transaction: stale updated_at → 409, nothing written.
 * Answers the row with its `merges`.
 */
export const handler = serve(resolveMissingRow, async ({ params, body, caller }) => {
  const vc = await verificationContext(caller, params.company_id, params.comparison_id);
  const { updated_at, ...change } = body;
  const record = requireFresh(await readMissing(vc.key, params.id), updated_at);
  const dataPointIds = change.merges?.length ? await dataPointIdsOf(vc) : undefined;
  let next;
  try {
    next = applyMissingResolution(record, change, { userId: caller.user.id, now: new Date(), dataPointIds });
  } catch (error) {
    if (error instanceof ResolutionRuleError) throw ruleError(error);
    throw error;
  }
  const { record: written, merges } = await writeMissing(vc, record, next, updated_at, change.merges);
  return { ...maskedMissing(written), merges: merges.map((m) => maskMergeValue(m, vc.ssnPoints)) };
});
