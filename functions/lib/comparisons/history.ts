import type { AuditEventResponse } from '../../../shared/schemas/audit-event';
import { comparisonEvents } from '../audit/list';
import type { Page, PageRequest } from '../pagination';
import type { CompanyContext } from '../tenancy/company-context';
import { loadComparison } from './comparison-record';

/** A comparison's events, for whoever may read the comparison (its company in scope, the record under it). */
export async function comparisonHistory(ctx: CompanyContext, comparisonId: string, request: PageRequest): Promise<Page<AuditEventResponse>> {
  return comparisonEvents(ctx, await loadComparison(ctx, comparisonId), request);
}
