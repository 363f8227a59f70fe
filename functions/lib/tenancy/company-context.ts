import { can, type Action } from '../../../shared/permissions/actions';
import type { Caller } from './caller';
import { notFound } from '../errors';
import { accessScope, companyInScope, companyKeyInScope } from './scope';

/**
 * Tenant context of every route below a company: the company from the path, checked against the
 * caller's scope (404 outside it), so every read made under its key stays inside the caller's
 * tenant and an id of another tenant is simply not found.
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
