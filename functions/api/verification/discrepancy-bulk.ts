import { resolveDiscrepancies } from '../../../shared/api/verification';
import { applyBulkResolution } from '../../../shared/resolution';
import { db } from '../../lib/db/service';
import { HttpError } from '../../lib/errors';
import { serve } from '../../lib/http';
import { mapLimited, maskedDiscrepancy, reviewerOf, verificationContext, writeDiscrepancy, type DiscrepancyRecord } from '../../lib/verification/verification';

/**
 * PATCH /api/companies/{company_id}/comparisons/{comparison_id}/data_point_discrepancies
 * `{ ids, changes, expected: { id: updated_at } }` → `{ results: [{ id, status, message?, field?, record? }] }`.
 * Each row is judged and written on its own, conditionally on its expected updated_at: 200 written,
 * 404 unknown, 409 stale (or lost the race), 400 contradiction with the field, 403 an exemption
 * (skip_verification) the four-eyes rule refuses for that row. Never all-or-nothing.
 */
export const handler = serve(resolveDiscrepancies, async ({ params, body, caller }) => {
  const vc = await verificationContext(caller, params.company_id, params.comparison_id);
  const { data } = await db()
    .entities.dataPointDiscrepancy.get(body.ids.map((id) => ({ ...vc.key, id })))
    .go({ concurrency: 4 });
  const records = new Map<string, DiscrepancyRecord>(data.map((d) => [d.id, d as DiscrepancyRecord]));
  const { userId, ...reviewer } = await reviewerOf(vc);
  const outcomes = applyBulkResolution(records, body, { userId, now: new Date(), reviewer });
  const results = await mapLimited(outcomes, 8, async (outcome) => {
    if (outcome.status !== 200) return outcome;
    try {
      const written = await writeDiscrepancy(vc, records.get(outcome.id)!, outcome.record, body.expected[outcome.id]);
      return { id: outcome.id, status: 200 as const, record: maskedDiscrepancy(vc, written) };
    } catch (error) {
      if (error instanceof HttpError) return { id: outcome.id, status: error.status, message: error.message };
      throw error;
    }
  });
  return { results };
});
