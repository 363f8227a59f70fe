import { resolveMissingRows } from '../../../shared/api/verification';
import { applyMissingBulkResolution } from '../../../shared/resolution';
import { db } from '../../lib/db/service';
import { HttpError } from '../../lib/errors';
import { serve } from '../../lib/http';
import { mapLimited, maskedMissing, verificationContext, writeMissing, type MissingRecord } from '../../lib/verification/verification';

/**
 * PATCH /api/companies/{company_id}/comparisons/{comparison_id}/missing_discrepancies
 * `{ ids, changes, expected }` → `{ results: [{ id, status, message?, field?, record? }] }`, each row
 * written on its own conditionally (no merges in bulk; excluding removes a row's merges).
 */
export const handler = serve(resolveMissingRows, async ({ params, body, caller }) => {
  const vc = await verificationContext(caller, params.company_id, params.comparison_id);
  const { data } = await db()
    .entities.missingDiscrepancy.get(body.ids.map((id) => ({ ...vc.key, id })))
    .go({ concurrency: 4 });
  const records = new Map<string, MissingRecord>(data.map((d) => [d.id, d as MissingRecord]));
  const outcomes = applyMissingBulkResolution(records, body, { userId: caller.user.id, now: new Date() });
  const results = await mapLimited(outcomes, 8, async (outcome) => {
    if (outcome.status !== 200) return outcome;
    try {
      const { record: written } = await writeMissing(vc, records.get(outcome.id)!, outcome.record, body.expected[outcome.id]);
      return { id: outcome.id, status: 200 as const, record: maskedMissing(written) };
    } catch (error) {
      if (error instanceof HttpError) return { id: outcome.id, status: error.status, message: error.message };
      throw error;
    }
  });
  return { results };
});
