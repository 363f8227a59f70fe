import type { ResponseOf } from '../../../shared/api/endpoint';
import { getChangesSincePrevious } from '../../../shared/api/results';
import { useApi } from '../api/endpoints';

export type ChangesSincePrevious = ResponseOf<typeof getChangesSincePrevious>;
export type ChangeItem = ChangesSincePrevious['items'][number];

/** How many FIXED findings the report lists under its cards (the API pages the rest). */
export const FIXED_SHOWN = 50;

/**
 * GET …/changes_since_previous: the counts against the previous comparison of the company carrier,
 * with the first findings found fixed. `runKey` refetches after a new run.
 */
export function useChangesSincePrevious(companyId: string | undefined, comparisonId: string | undefined, runKey?: string | null) {
  return useApi(getChangesSincePrevious, companyId && comparisonId ? { company_id: companyId, comparison_id: comparisonId } : null, {
    query: { status: 'FIXED', limit: FIXED_SHOWN },
    keyExtra: runKey ?? undefined,
  });
}
