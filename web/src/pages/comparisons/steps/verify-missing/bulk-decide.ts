import type { RequestBodyOf, ResponseOf } from '../../../../../../shared/api/endpoint';
import { resolveMissingRows } from '../../../../../../shared/api/verification';
import { MAX_BULK_IDS } from '../../../../../../shared/schemas/resolution';
import { callApi } from '../../../../api/endpoints';
import type { MissingRow } from '../../../../data/verification';

export type MissingBulkChange = RequestBodyOf<typeof resolveMissingRows>['changes'];
export type MissingBulkResult = ResponseOf<typeof resolveMissingRows>['results'][number];
export type MissingBulkFailure = Exclude<MissingBulkResult, { status: 200 }>;
export const isMissingBulkFailure = (r: MissingBulkResult): r is MissingBulkFailure => r.status !== 200;

/**
 * Decides many missing rows at once, each only if it is still the version shown, in chunks the API
 * takes; answers one outcome per row (a chunk the API refused whole gives its error to each row).
 */
export async function bulkDecideMissing(
  companyId: string,
  comparisonId: string,
  rows: ReadonlyArray<Pick<MissingRow, 'id' | 'updated_at'>>,
  changes: MissingBulkChange,
): Promise<MissingBulkResult[]> {
  const results: MissingBulkResult[] = [];
  for (let i = 0; i < rows.length; i += MAX_BULK_IDS) {
    const chunk = rows.slice(i, i + MAX_BULK_IDS);
    const res = await callApi(resolveMissingRows, {
      params: { company_id: companyId, comparison_id: comparisonId },
      body: { ids: chunk.map((r) => r.id), changes, expected: Object.fromEntries(chunk.map((r) => [r.id, r.updated_at])) },
    });
    if (res.error) results.push(...chunk.map((r) => ({ id: r.id, status: res.error.status ?? 0, message: res.error.message })));
    else results.push(...res.data.results);
  }
  return results;
}
