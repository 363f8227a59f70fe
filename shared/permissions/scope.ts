/**
 * Tenant scope: which organizations and companies a user may reach. Kept pure: whatever the rule
 * cannot read off the user record (agency links, a company's organization, whitelist rows) is
 * passed in by the caller, who loaded it from the data.
 */
import { isAdminComparerUser, isAdminUser, isAgencyUser, isCompanyUser, isOrganizationUser, Role, type UserLike } from '../roles';

/** One UsersWhitelist row (SPEC §3): a company_id shares that company, an organization_id alone shares the whole organization. */
export interface UsersWhitelistEntry {
  user_id?: string | null;
  organization_id?: string | null;
  company_id?: string | null;
}

/** One DataMappingsAdminWhitelist row (SPEC §3). */
export interface DataMappingsAdminWhitelistEntry {
  data_mapping_id: string;
  organization_id: string;
}

export interface AccessScope {
  /** Organizations linked to the user's agency through OrganizationAgency. */
  agencyOrganizationIds?: readonly string[];
  /** The organization of the company being looked at. */
  companyOrganizationId?: string | null;
  /** The user's own UsersWhitelist rows. */
  whitelist?: readonly UsersWhitelistEntry[];
}

/** A signed-in user whose record lets them do anything at all. */
export function isActiveUser(user: UserLike | null | undefined): user is UserLike {
  return !!user && !user.disabled;
}

export function hasKnownRole(user: UserLike | null | undefined): boolean {
  return isActiveUser(user) && Role.is(user.role);
}

/** Platform staff reach every tenant; the data layer still answers 404 for ids that do not exist. */
export function seesAllTenants(user: UserLike | null | undefined): boolean {
  return isActiveUser(user) && (isAdminUser(user) || isAdminComparerUser(user));
}

/**
 * The organizations an organization user may open: their own plus whole organizations shared with
 * them by whitelist rows. Company users never open organization pages (SPEC §6), so they get none;
 * staff and agency users are not limited by this list (see `canReachOrganization`).
 */
export function visibleOrganizationIds(user: UserLike | null | undefined, whitelist: readonly UsersWhitelistEntry[] = []): string[] {
  if (!isActiveUser(user) || !isOrganizationUser(user)) return [];
  const ids = new Set<string>();
  if (user.organization_id) ids.add(user.organization_id);
  for (const row of mine(user, whitelist)) if (row.organization_id && !row.company_id) ids.add(row.organization_id);
  return [...ids];
}

/** Companies shared one by one: the user's own company plus whitelist rows naming a company. */
export function visibleCompanyIds(user: UserLike | null | undefined, whitelist: readonly UsersWhitelistEntry[] = []): string[] {
  if (!isActiveUser(user)) return [];
  const ids = new Set<string>();
  if (isCompanyUser(user) && user.company_id) ids.add(user.company_id);
  if (isOrganizationUser(user) || isCompanyUser(user)) for (const row of mine(user, whitelist)) if (row.company_id) ids.add(row.company_id);
  return [...ids];
}

/** Whitelist rows of other users are ignored, so a caller passing a whole table cannot widen access. */
function mine(user: UserLike, whitelist: readonly UsersWhitelistEntry[]) {
  return whitelist.filter((row) => !row.user_id || !user.id || row.user_id === user.id);
}

export function canReachOrganization(user: UserLike | null | undefined, organizationId: string | null | undefined, scope: AccessScope = {}): boolean {
  if (!isActiveUser(user) || !organizationId) return false;
  if (seesAllTenants(user)) return true;
  if (isAgencyUser(user)) return !!user.agency_id && (scope.agencyOrganizationIds ?? []).includes(organizationId);
  if (isOrganizationUser(user)) return visibleOrganizationIds(user, scope.whitelist).includes(organizationId);
  return false;
}

export function canReachCompany(user: UserLike | null | undefined, companyId: string | null | undefined, scope: AccessScope = {}): boolean {
  if (!isActiveUser(user) || !companyId) return false;
  if (seesAllTenants(user)) return true;
  if (visibleCompanyIds(user, scope.whitelist).includes(companyId)) return true;
  // Everyone else reaches a company through its organization, which the caller must have loaded.
  const orgId = scope.companyOrganizationId;
  if (!orgId) return false;
  if (isCompanyUser(user)) return mine(user, scope.whitelist ?? []).some((r) => r.organization_id === orgId && !r.company_id);
  return canReachOrganization(user, orgId, scope);
}

/**
 * Organizations whose organization-level records (mappings, templates) the user may use. Company
 * users use their own organization's, as their comparisons run with them; their organization is
 * read from the record or, failing that, from the company in view.
 */
export function organizationsForSharedRecords(user: UserLike | null | undefined, scope: AccessScope = {}): Set<string> {
  const ids = new Set<string>();
  if (!isActiveUser(user)) return ids;
  if (isOrganizationUser(user)) for (const id of visibleOrganizationIds(user, scope.whitelist)) ids.add(id);
  if (isAgencyUser(user)) for (const id of scope.agencyOrganizationIds ?? []) ids.add(id);
  if (isCompanyUser(user)) {
    const orgId = user.organization_id ?? scope.companyOrganizationId;
    if (orgId) ids.add(orgId);
    for (const row of mine(user, scope.whitelist ?? [])) if (row.organization_id && !row.company_id) ids.add(row.organization_id);
  }
  return ids;
}

/**
 * Whether a data mapping is visible: mappings of an organization or company follow that tenant;
 * admin mappings (no organization) are seen by platform staff and by organizations the
 * DataMappingsAdminWhitelist shares them with.
 */
export function isMappingVisible(
  mapping: { id: string; organization_id?: string | null; company_id?: string | null },
  user: UserLike | null | undefined,
  whitelist: readonly DataMappingsAdminWhitelistEntry[] = [],
  scope: AccessScope = {},
): boolean {
  if (!isActiveUser(user)) return false;
  if (seesAllTenants(user)) return true;
  if (mapping.company_id) {
    return canReachCompany(user, mapping.company_id, { ...scope, companyOrganizationId: mapping.organization_id ?? scope.companyOrganizationId });
  }
  const orgs = organizationsForSharedRecords(user, scope);
  if (mapping.organization_id) return orgs.has(mapping.organization_id);
  return whitelist.some((row) => row.data_mapping_id === mapping.id && orgs.has(row.organization_id));
}
