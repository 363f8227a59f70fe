import { isAdminUser, type UserLike } from '../../../shared/roles';
import type { AccessScope } from '../../../shared/permissions/scope';
import type { Caller } from '../tenancy/caller';
import { db } from '../db/service';
import { notFound } from '../errors';
import { accessScope, companyInScope, organizationInScope } from '../tenancy/scope';

/**
 * Where a user route is called from. The same operations are reachable from four places, each with
 * its own tenant: the admin area (every user), an organization (its users), a company (its users)
 * and an agency (its users). The context is resolved from the path before anything else, so an id
 * of another tenant is a 404 whichever route it came through.
 */
export type Family = 'admin' | 'organization' | 'company' | 'agency';

export interface Organization {
  id: string;
  name: string;
  admin_comparer_limit?: number;
}
export interface Company {
  id: string;
  organization_id: string;
  name: string;
}

export interface UsersContext {
  family: Family;
  caller: Caller;
  scope: AccessScope;
  organization?: Organization;
  company?: Company;
  agencyId?: string;
}

export interface TenantParams {
  organization_id?: string;
  company_id?: string;
  agency_id?: string;
}

export async function usersContext(caller: Caller, family: Family, params: TenantParams): Promise<UsersContext> {
  const scope = await accessScope(caller);
  switch (family) {
    case 'admin':
      // The role gate already limits /api/admin to the platform admin; checked again so a route
      // table mistake cannot open it.
      if (!isAdminUser(caller.user)) throw notFound();
      return { family, caller, scope };
    case 'organization': {
      const organization = await organizationInScope(caller, params.organization_id ?? '');
      return { family, caller, scope, organization };
    }
    case 'company': {
      const company = await companyInScope(caller, params.company_id ?? '');
      return { family, caller, scope: { ...scope, companyOrganizationId: company.organization_id }, company };
    }
    case 'agency': {
      const agencyId = params.agency_id ?? '';
      if (!isAdminUser(caller.user) && caller.user.agency_id !== agencyId) throw notFound();
      const { data } = await db().entities.agency.get({ id: agencyId }).go();
      if (!data) throw notFound();
      return { family, caller, scope, agencyId };
    }
  }
}

/** Is this user one of the context's users? */
export function belongsTo(ctx: UsersContext, user: UserLike): boolean {
  switch (ctx.family) {
    case 'admin':
      return true;
    case 'organization':
      return !!user.organization_id && user.organization_id === ctx.organization!.id;
    case 'company':
      return !!user.company_id && user.company_id === ctx.company!.id;
    case 'agency':
      return !!user.agency_id && user.agency_id === ctx.agencyId;
  }
}

/** The organization a context's new users land in, when it has one. */
export function contextOrganizationId(ctx: UsersContext): string | null {
  return ctx.organization?.id ?? ctx.company?.organization_id ?? null;
}
