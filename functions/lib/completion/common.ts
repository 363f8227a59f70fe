import { AuditType } from '../../../shared/comparisons';
import { conflict } from '../errors';
import type { CompanyContext } from '../tenancy/company-context';
import type { ComparisonRecord } from '../comparisons/comparison-record';

/** Shared by the completion routes: names, links and the read-only rule of a complete comparison. */

export { displayName, loadUser } from '../users/person';

/** The values every comparison e-mail can use. */
export function comparisonValues(ctx: CompanyContext, comparison: ComparisonRecord) {
  return {
    comparison_name: comparison.name,
    company_name: ctx.company.name,
    audit_type: AuditType.label(comparison.audit_type),
  };
}

/** Writes to a complete comparison are refused with 409 (it is read-only). */
export function assertNotComplete(comparison: ComparisonRecord): void {
  if (comparison.step === 'COMPLETE') throw conflict('This comparison is complete and can no longer be changed.');
}
