import type { Reviewer } from '../../../../../../shared/four-eyes';
import { can } from '../../../../../../shared/permissions';
import { useComparison } from '../../../../data/comparisons';
import { useCurrentUser } from '../../../../auth/current-user';

/** The four-eyes view of the signed-in user on this comparison; null until the comparison is read. */
export function useReviewer(companyId: string, comparisonId: string): Reviewer | null {
  const me = useCurrentUser();
  const { data: comparison } = useComparison(companyId, comparisonId);
  if (!comparison) return null;
  return {
    userId: me.id,
    verifierId: comparison.verifier_user_id ?? null,
    buildsComparisons: can(me, 'comparison.complete'),
  };
}
