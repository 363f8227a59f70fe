import { settleStaleRun } from '../compare-runs/interrupted-run';
import { db } from '../db/service';
import { conflict, notFound } from '../errors';
import type { CompanyKey } from '../tenancy/company-context';

/** The comparison read under the company's key, so an id of another tenant is simply not found. */
export async function loadComparison(ctx: CompanyKey, comparisonId: string) {
  const { data } = await db()
    .entities.comparison.get({ organization_id: ctx.organizationId, company_id: ctx.companyId, id: comparisonId })
    .go();
  if (!data) throw notFound();
  // A run that stopped without a word is recorded FAILED here, so it no longer refuses edits.
  return settleStaleRun(data);
}
export type ComparisonRecord = Awaited<ReturnType<typeof loadComparison>>;

/** Edits of the set-up are refused while a run is under way or once the comparison is complete. */
export function assertEditable(comparison: ComparisonRecord): void {
  if (comparison.status === 'RUNNING') {
    throw conflict('The comparison is running. Wait for it to finish before changing its files or data points.');
  }
  if (comparison.step === 'COMPLETE') throw conflict('This comparison is complete and can no longer be changed.');
}
