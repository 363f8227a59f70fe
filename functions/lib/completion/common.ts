import { AuditType } from '../../../shared/comparisons';
import { db } from '../db/service';
import { conflict } from '../errors';
import type { CompanyContext } from '../tenancy/company-context';
import type { ComparisonRecord } from '../comparisons/comparison-record';

/** Shared by the completion routes: names, links and the read-only rule of a complete comparison. */

export interface Person {
  id: string;
  email: string;
  first_name?: string | null;
  last_name?: string | null;
  disabled?: boolean | null;
}

export const displayName = (u: Pick<Person, 'first_name' | 'last_name' | 'email'> | null | undefined) =>
  !u ? '' : [u.first_name, u.last_name].filter(Boolean).join(' ') || u.email;

export async function loadUser(id: string | null | undefined): Promise<Person | null> {
  if (!id) return null;
  const { data } = await db().entities.user.get({ id }).go();
  return (data as Person | null) ?? null;
}

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
