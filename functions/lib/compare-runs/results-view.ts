import { db } from '../db/service';
import { expiringCache } from '../expiring-cache';

/**
 * What a page of a comparison's results needs of the comparison itself: its key, the run whose
 * results it shows (results-read.ts publishedRunId) and the data points whose values are SSNs.
 * A busy results list reads it on every request otherwise, a second DynamoDB call per page.
 */
export interface ResultsView {
  organization_id: string;
  company_id: string;
  id: string;
  summary: unknown;
}

/**
 * How stale a container's view may be. A newly published run reaches the lists of every container
 * within this (those of the container that wrote it at once); the run before it had its results
 * deleted when it was started, so a stale view shows fewer rows, never another run's.
 */
export const RESULTS_VIEW_MS = 5_000;
const REFRESH_AFTER_MS = 4_000;

const keyOf = (organizationId: string, companyId: string, comparisonId: string) => `${organizationId}\u0000${companyId}\u0000${comparisonId}`;

const views = expiringCache(
  async (key: string): Promise<ResultsView | null> => {
    const [organization_id, company_id, id] = key.split('\u0000') as [string, string, string];
    const { data } = await db().entities.comparison.get({ organization_id, company_id, id }).go({ attributes: ['organization_id', 'company_id', 'id', 'summary'] });
    return data ? { organization_id: data.organization_id, company_id: data.company_id, id: data.id, summary: data.summary } : null;
  },
  RESULTS_VIEW_MS,
  Date.now,
  { refreshAfterMs: REFRESH_AFTER_MS },
);

/** The comparison's results view, or null when there is no such comparison (misses are not kept). */
export async function resultsView(organizationId: string, companyId: string, comparisonId: string): Promise<ResultsView | null> {
  return (await views.get(keyOf(organizationId, companyId, comparisonId))) ?? null;
}

/** Forget every view (a comparison's run started, published or the comparison was deleted). */
export function forgetResultsViews() {
  views.clear();
}
