import { isAgencyUser, isCompanyUser, isOrganizationUser, type UserLike } from '../../../shared/roles';
import { canReachCompany, canReachOrganization, type AccessScope, type UsersWhitelistEntry } from '../../../shared/permissions/scope';
import { db } from '../db/service';
import { notFound } from '../errors';
import { expiringCache } from '../expiring-cache';
import { CALLER_CACHE_MS, CALLER_REFRESH_AFTER_MS } from './caller-cache-window';

/**
 * Tenant scope at the data layer: every read below an organization or company starts here, so an
 * id of another tenant, or one that does not exist, is the same 404.
 *
 * A caller's scope (agency links, whitelist rows) is read once per CALLER_CACHE_MS like the user
 * record itself, so a change to it reaches every container within the same window as a role
 * change; the writes that change it forget it at once in their own container.
 */
/** Whoever asks: the scope needs only their user record (a Caller is one). */
export interface ScopedCaller {
  user: UserLike;
}

const scopes = expiringCache((key: string) => readScope(JSON.parse(key) as UserLike), CALLER_CACHE_MS, Date.now, { refreshAfterMs: CALLER_REFRESH_AFTER_MS });
const scopeKey = (user: UserLike) => JSON.stringify({ id: user.id, role: user.role, agency_id: user.agency_id });

async function readScope(user: UserLike): Promise<AccessScope> {
  const [agencyOrganizationIds, whitelist] = await Promise.all([agencyLinks(user), whitelistRows(user)]);
  return {
    ...(agencyOrganizationIds ? { agencyOrganizationIds } : {}),
    ...(whitelist.length ? { whitelist } : {}),
  };
}

async function scopeFor(user: UserLike): Promise<AccessScope> {
  if (!isAgencyUser(user) && !((isOrganizationUser(user) || isCompanyUser(user)) && user.id)) return {};
  return (await scopes.get(scopeKey(user)))!;
}

/** Forget the cached scopes (after a write to agency links or whitelist rows). */
export function forgetScopes() {
  scopes.clear();
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
export async function accessScope(caller: ScopedCaller): Promise<AccessScope> {
  return scopeFor(caller.user);
}

/** The organization, when the caller may reach it; otherwise 404. */
export async function organizationInScope(caller: ScopedCaller, organizationId: string) {
  const [scope, { data }] = await Promise.all([scopeFor(caller.user), db().entities.organization.get({ id: organizationId }).go()]);
  if (!canReachOrganization(caller.user, organizationId, scope)) throw notFound();
  if (!data) throw notFound();
  return data;
}

/** Organizations are never deleted: one seen once is known to exist for the life of the container. */
const knownOrganizations = new Set<string>();

/**
 * The organization's id when the caller may reach it, otherwise 404: for reads that need only its
 * key to read what lies below it (its companies), without reading the record on every request.
 */
export async function organizationKeyInScope(caller: ScopedCaller, organizationId: string): Promise<{ id: string }> {
  const exists = async () => {
    if (knownOrganizations.has(organizationId)) return true;
    const { data } = await db().entities.organization.get({ id: organizationId }).go();
    if (data && knownOrganizations.size < 10_000) knownOrganizations.add(organizationId);
    return !!data;
  };
  const [scope, found] = await Promise.all([scopeFor(caller.user), exists()]);
  if (!canReachOrganization(caller.user, organizationId, scope) || !found) throw notFound();
  return { id: organizationId };
}

/** The company, when the caller may reach it; otherwise 404. */
export async function companyInScope(caller: ScopedCaller, companyId: string) {
  // The scope does not depend on the company: both reads go out together.
  const [{ data }, callerScope] = await Promise.all([db().entities.company.query.byId({ id: companyId }).go(), scopeFor(caller.user)]);
  const company = data[0];
  if (!company) throw notFound();
  companyParents.remember(company.id, company.organization_id);
  const scope = { ...callerScope, companyOrganizationId: company.organization_id };
  if (!canReachCompany(caller.user, companyId, scope)) throw notFound();
  return company;
}

/**
 * A company's organization never changes (companies are not moved between organizations), so
 * once read it is kept for the life of the container; only existing companies are remembered.
 */
const companyParents = (() => {
  const parents = new Map<string, string>();
  const MAX = 10_000;
  return {
    async get(companyId: string): Promise<string | null> {
      const known = parents.get(companyId);
      if (known) return known;
      const { data } = await db().entities.company.query.byId({ id: companyId }).go();
      if (!data[0]) return null;
      this.remember(companyId, data[0].organization_id);
      return data[0].organization_id;
    },
    remember(companyId: string, organizationId: string) {
      if (parents.size >= MAX) parents.clear();
      parents.set(companyId, organizationId);
    },
  };
})();

/**
 * The company's key (its id and organization) when the caller may reach it, otherwise 404: for
 * reads that need only the key of a company to read what lies below it (a comparison and its
 * results), without reading the company record on every request.
 */
export async function companyKeyInScope(caller: ScopedCaller, companyId: string): Promise<{ id: string; organization_id: string }> {
  const [organizationId, callerScope] = await Promise.all([companyParents.get(companyId), scopeFor(caller.user)]);
  if (!organizationId) throw notFound();
  if (!canReachCompany(caller.user, companyId, { ...callerScope, companyOrganizationId: organizationId })) throw notFound();
  return { id: companyId, organization_id: organizationId };
}

/** Organization ids an agency user's agency manages (for listings). */
export async function agencyOrganizationIds(user: UserLike): Promise<readonly string[]> {
  return (await agencyLinks(user)) ?? [];
}
