import { columnRole } from '../../../shared/columns';
import { HttpError } from '../errors';
import type { ComparisonRecord } from './comparison-record';
import { requireAction, type CompanyContext } from '../tenancy/company-context';
import { dataPointSuggestions, loadDataPoints, saveDataPoints } from './data-points';

/**
 * An invoice reconciliation sets up its own columns: once both files are read and nobody has
 * chosen data points yet, the suggested pairs are saved for it (the member's identifier and
 * coverage line, the name, tier and plan, and the premium against the billed amount with the
 * dollar difference as its calculation). The user may change them on Select Data Points like any
 * other set-up; nothing is chosen over a choice already made.
 */
export async function setUpInvoiceDataPoints(ctx: CompanyContext, comparison: ComparisonRecord): Promise<boolean> {
  if (comparison.audit_type !== 'INVOICE_RECONCILIATION' || comparison.step === 'COMPLETE') return false;
  if (!comparison.baseline_file_id || !comparison.secondary_file_id) return false;
  try {
    await requireAction(ctx, 'comparison.edit-data-points');
    if ((await loadDataPoints(ctx, comparison.id)).length) return false;
    const { suggestions } = await dataPointSuggestions(ctx, comparison.id);
    if (!suggestions.some((s) => s.suggested_unique_identifier)) return false;
    await saveDataPoints(
      ctx,
      comparison.id,
      suggestions.map((s) => {
        const money = columnRole(s.baseline_column_name) === 'money' && columnRole(s.secondary_column_name) === 'money';
        return {
          baseline_column_name: s.baseline_column_name,
          secondary_column_name: s.secondary_column_name,
          is_unique_identifier: s.suggested_unique_identifier,
          ...(money ? { discrepancy_function: 'MINUS: SECONDARY - BASELINE' as const } : {}),
        };
      }),
    );
    return true;
  } catch (error) {
    // Files not read yet, a caller who may not choose data points, or suggestions the rules refuse:
    // the user sets the comparison up by hand, as for any other audit.
    if (error instanceof HttpError) return false;
    throw error;
  }
}
