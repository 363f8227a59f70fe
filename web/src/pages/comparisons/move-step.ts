import type { ScopedMutator } from 'swr';
import type { ComparisonStep } from '../../../../shared/comparisons';
import { getComparison } from '../../../../shared/api/comparisons';
import { callApi } from '../../api/endpoints';
import { comparisonPath, updateComparison } from '../../data/comparisons';

/** Moves the comparison on to `step` when it is not there yet; answers an error message or null. */
/** `mutate` must be the one of the session's SWR cache (useSWRConfig), not the global one. */
export async function moveToStep(
  mutate: ScopedMutator,
  companyId: string,
  comparisonId: string,
  step: ComparisonStep,
  options: { override?: boolean } = {},
): Promise<string | null> {
  const path = comparisonPath(companyId, comparisonId);
  const fresh = await callApi(getComparison, { params: { company_id: companyId, comparison_id: comparisonId } });
  if (fresh.error) return fresh.error.message;
  if (fresh.data.step !== step) {
    const moved = await updateComparison(companyId, comparisonId, {
      step,
      updated_at: fresh.data.updated_at,
      ...(options.override ? { override: true } : {}),
    });
    if (moved.error) return moved.error.message;
    await mutate(path, moved.data, { revalidate: false });
  } else {
    await mutate(path);
  }
  return null;
}
