import { can, type Action } from '../../../shared/permissions/actions';
import type { Caller } from '../caller';
import { settleStaleRun } from '../compare/interrupted-run';
import { db } from '../db/service';
import { conflict, notFound } from '../errors';
import { accessScope, companyInScope, companyKeyInScope } from '../scope';

/**
 * Tenant context of every comparison route: the company from the path, checked against the
 * caller's scope (404 outside it), and the comparison read under that company's key, so an id of
 * another tenant is simply not found.
 */
export type Company = Awaited<ReturnType<typeof companyInScope>>;

/** The keys every record below a company is stored under. */
export interface CompanyKey {
  organizationId: string;
  companyId: string;
}

export interface CompanyContext extends CompanyKey {
  caller: Caller;
  company: Company;
}

export async function companyContext(caller: Caller, companyId: string): Promise<CompanyContext> {
  const company = await companyInScope(caller, companyId);
  return { caller, company, organizationId: company.organization_id, companyId: company.id };
}

/**
 * The company's keys, checked against the caller's scope like companyContext, for reads that need
 * no field of the company record: the company's organization is known once read, so these reads
 * go straight to what lies below it.
 */
export async function companyKeyContext(caller: Caller, companyId: string): Promise<CompanyKey> {
  const company = await companyKeyInScope(caller, companyId);
  return { organizationId: company.organization_id, companyId: company.id };
}

/** Throws 404 unless the caller may do `action` in this company (a refusal reads like a missing record). */
export async function requireAction(ctx: CompanyContext, action: Action): Promise<void> {
  const scope = await accessScope(ctx.caller);
  if (!can(ctx.caller.user, action, { organization_id: ctx.organizationId, company_id: ctx.companyId }, scope)) throw notFound();
}

export async function loadComparison(ctx: CompanyKey, comparisonId: string) {
  const { data } = await db()
    .entities.comparison.get({ organization_id: ctx.organizationId, company_id: ctx.companyId, id: comparisonId })
    .go();
  if (!data) throw notFound();
  // A run that stopped without a word is recorded FAILED here, so it no longer refuses edits.
  return settleStaleRun(data);
}
export type ComparisonRecord = Awaited<ReturnType<typeof loadComparison>>;

/** Edits of the set-up are refused while a run is under way or once the comparison is complete. */
export function assertEditable(comparison: ComparisonRecord): void {
  if (comparison.status === 'RUNNING') {
    throw conflict('The comparison is running. Wait for it to finish before changing its files or data points.');
  }
  if (comparison.step === 'COMPLETE') throw conflict('This comparison is complete and can no longer be changed.');
}

export { isConditionFailure } from '../db/conditions';
