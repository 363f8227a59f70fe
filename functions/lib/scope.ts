import { isAgencyUser, isCompanyUser, isOrganizationUser, type UserLike } from '../../shared/roles';
import { canReachCompany, canReachOrganization, type AccessScope, type UsersWhitelistEntry } from '../../shared/permissions/scope';
import type { Caller } from './caller';
import { db } from './db/service';
import { notFound } from './errors';

/**
 * Tenant scope at the data layer: every read below an organization or company starts here, so an
 * id of another tenant, or one that does not exist, is the same 404.
 */
async function scopeFor(user: UserLike): Promise<AccessScope> {
  const [agencyOrganizationIds, whitelist] = await Promise.all([agencyLinks(user), whitelistRows(user)]);
  return {
    ...(agencyOrganizationIds ? { agencyOrganizationIds } : {}),
    ...(whitelist.length ? { whitelist } : {}),
  };
}

async function agencyLinks(user: UserLike): Promise<string[] | undefined> {
  if (!isAgencyUser(user) || !user.agency_id) return undefined;
  const { data } = await db().entities.organizationAgency.query.byAgency({ agency_id: user.agency_id }).go({ pages: 'all' });
  return data.map((link) => link.organization_id);
}

/** The caller's UsersWhitelist rows: extra organizations or companies shared with organization and company users. */
async function whitelistRows(user: UserLike): Promise<UsersWhitelistEntry[]> {
  if (!user.id || !(isOrganizationUser(user) || isCompanyUser(user))) return [];
  const { data } = await db().entities.usersWhitelist.query.byUser({ user_id: user.id }).go({ pages: 'all' });
  return data.map((row) => ({ user_id: row.user_id, organization_id: row.organization_id, company_id: row.company_id ?? null }));
}

/** The caller's whole tenant scope (agency links, whitelist rows), for `can` and the scope rules. */
export async function accessScope(caller: Caller): Promise<AccessScope> {
  return scopeFor(caller.user);
}

/** The organization, when the caller may reach it; otherwise 404. */
export async function organizationInScope(caller: Caller, organizationId: string) {
  const scope = await scopeFor(caller.user);
  if (!canReachOrganization(caller.user, organizationId, scope)) throw notFound();
  const { data } = await db().entities.organization.get({ id: organizationId }).go();
  if (!data) throw notFound();
  return data;
}

/** The company, when the caller may reach it; otherwise 404. */
export async function companyInScope(caller: Caller, companyId: string) {
  const { data } = await db().entities.company.query.byId({ id: companyId }).go();
  const company = data[0];
  if (!company) throw notFound();
  const scope = { ...(await scopeFor(caller.user)), companyOrganizationId: company.organization_id };
  if (!canReachCompany(caller.user, companyId, scope)) throw notFound();
  return company;
}

/** Organization ids an agency user's agency manages (for listings). */
export async function agencyOrganizationIds(user: UserLike): Promise<readonly string[]> {
  return (await agencyLinks(user)) ?? [];
}
