import type { DataPointResponse } from '../../../shared/schemas/data-point';
import type { CompanyContext } from '../tenancy/company-context';
import { loadComparison } from './comparison-record';
import { loadDataPoints } from './data-points';
import { setUpInvoiceDataPoints } from './invoice-setup';
import { dataPointView } from './views';

/** The comparison's data points, the suggested ones saved first for an invoice reconciliation nobody has set up yet. */
export async function listDataPoints(ctx: CompanyContext, comparisonId: string): Promise<{ items: DataPointResponse[]; next: null }> {
  const comparison = await loadComparison(ctx, comparisonId);
  await setUpInvoiceDataPoints(ctx, comparison);
  const points = await loadDataPoints(ctx, comparison.id);
  return { items: points.map(dataPointView), next: null };
}
