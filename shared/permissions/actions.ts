/**
 * What each role may do, beyond which pages it sees. SPEC §6 stops at pages ("the exact
 * permissions per role beyond the above are not shown"); the table below is the product decision,
 * explained in docs/permissions.md. One source for the API (which must enforce it) and the web
 * (which hides what would be refused).
 */
import { isAdminUser, isCompanyUser, Role, ROLES_BY_USER_TYPE, type UserLike } from '../roles';
import { COMPANY_PAGE_ROLES, VERIFY_ONLY_ROLES } from './pages-access';
import { canReachCompany, canReachOrganization, hasKnownRole, isActiveUser, type AccessScope } from './scope';

export {
  visibleOrganizationIds,
  isMappingVisible,
} from './scope';

export const ACTIONS = [
  'profile.update',
  'user.create',
  'user.update',
  'user.delete',
  'agency.create',
  'agency.update',
  'agency.delete',
  'organization.create',
  'organization.update',
  'organization.delete',
  'organization.service-types.manage',
  'organization.agencies.manage',
  'organization.benefit-admin-systems.manage',
  'company.create',
  'company.update',
  'company.delete',
  'company.import',
  'carrier.create',
  'carrier.update',
  'carrier.delete',
  'company-carrier.create',
  'company-carrier.update',
  'company-carrier.delete',
  'company-carrier.import',
  'comparison.create',
  'comparison.run',
  'comparison.edit-data-points',
  'comparison.map',
  'comparison.resolve',
  'comparison.complete',
  'comparison.export',
  'comparison.delete',
  'carrier-files.convert',
  'data-mapping.create',
  'data-mapping.update',
  'data-mapping.delete',
  'data-mapping.share',
  'template.create',
  'template.update',
  'template.delete',
  'email-template.update',
  'platform-email-template.update',
  'renewal.create',
  'renewal.update',
  'renewal.delete',
  'renewal.work',
] as const;
export type Action = (typeof ACTIONS)[number];

/** The record acted on. For user actions `role` is the role the user will have. */
export interface ActionTarget {
  id?: string | null;
  agency_id?: string | null;
  organization_id?: string | null;
  company_id?: string | null;
  role?: string | null;
  /** For user updates and deletes: the role the user has now (demoting someone above you is also raising your reach). */
  current_role?: string | null;
}

const ADMIN_ONLY: readonly Role[] = ['ADMIN'];
/** Roles that build and run comparisons. The task manager runs renewals, not comparisons. */
const COMPARERS: readonly Role[] = [
  'ADMIN',
  'ADMIN_COMPARER',
  'AGENCY_ADMIN',
  'AGENCY_USER',
  'ORGANIZATION_ADMIN',
  'ORGANIZATION_COMPARER',
  'COMPANY_ADMIN',
];
/** Roles that set an organization up (companies, admin systems, e-mail templates). */
const ORG_SETUP: readonly Role[] = ['ADMIN', 'AGENCY_ADMIN', 'ORGANIZATION_ADMIN'];
/** Roles that manage carriers of companies and the yearly renewal tasks. */
const RENEWAL_MANAGERS: readonly Role[] = ['ADMIN', 'AGENCY_ADMIN', 'AGENCY_USER', 'ORGANIZATION_ADMIN', 'ORGANIZATION_TASK_MANAGER'];
const USER_MANAGERS: readonly Role[] = ['ADMIN', 'AGENCY_ADMIN', 'ORGANIZATION_ADMIN', 'COMPANY_ADMIN'];

/** The role layer of every action. Tenancy is checked on top by `can`. */
export const ACTION_ROLES: Readonly<Record<Action, readonly Role[]>> = {
  'profile.update': Role.values,
  'user.create': USER_MANAGERS,
  'user.update': USER_MANAGERS,
  'user.delete': USER_MANAGERS,
  'agency.create': ADMIN_ONLY,
  'agency.update': ADMIN_ONLY,
  'agency.delete': ADMIN_ONLY,
  'organization.create': ADMIN_ONLY,
  'organization.update': ADMIN_ONLY,
  'organization.delete': ADMIN_ONLY,
  'organization.service-types.manage': ADMIN_ONLY,
  'organization.agencies.manage': ADMIN_ONLY,
  'organization.benefit-admin-systems.manage': ORG_SETUP,
  'company.create': ORG_SETUP,
  'company.update': ORG_SETUP,
  'company.delete': ORG_SETUP,
  'company.import': ORG_SETUP,
  'carrier.create': ADMIN_ONLY,
  'carrier.update': ADMIN_ONLY,
  'carrier.delete': ADMIN_ONLY,
  'company-carrier.create': RENEWAL_MANAGERS,
  'company-carrier.update': RENEWAL_MANAGERS,
  'company-carrier.delete': RENEWAL_MANAGERS,
  'company-carrier.import': ORG_SETUP,
  'comparison.create': COMPARERS,
  'comparison.run': COMPARERS,
  'comparison.edit-data-points': COMPARERS,
  'comparison.map': COMPARERS,
  // Verifying is the one thing every role that sees a comparison may do (SPEC: verify-only users).
  'comparison.resolve': COMPANY_PAGE_ROLES,
  'comparison.complete': COMPARERS,
  'comparison.export': COMPARERS,
  'comparison.delete': COMPARERS,
  'carrier-files.convert': COMPANY_PAGE_ROLES.filter((r) => !VERIFY_ONLY_ROLES.includes(r)),
  'data-mapping.create': COMPARERS,
  'data-mapping.update': COMPARERS,
  'data-mapping.delete': COMPARERS,
  'data-mapping.share': ADMIN_ONLY,
  'template.create': COMPARERS,
  'template.update': COMPARERS,
  'template.delete': COMPARERS,
  'email-template.update': ORG_SETUP,
  'platform-email-template.update': ADMIN_ONLY,
  'renewal.create': RENEWAL_MANAGERS,
  'renewal.update': RENEWAL_MANAGERS,
  'renewal.delete': RENEWAL_MANAGERS,
  // The company fills in client information and the plans checklist of its own renewal.
  'renewal.work': [...RENEWAL_MANAGERS, 'COMPANY_ADMIN'],
};

/** Platform-wide records: no tenant to check. */
const PLATFORM_ACTIONS = new Set<Action>([
  'agency.create',
  'agency.update',
  'agency.delete',
  'organization.create',
  'carrier.create',
  'carrier.update',
  'carrier.delete',
  'platform-email-template.update',
  'data-mapping.share',
]);

/** Actions on organization-level records, which company users never reach. */
const ORGANIZATION_LEVEL_ACTIONS = new Set<Action>([
  'organization.update',
  'organization.delete',
  'organization.service-types.manage',
  'organization.agencies.manage',
  'organization.benefit-admin-systems.manage',
  'company.create',
  'company.import',
  'company-carrier.import',
]);

/**
 * The roles an actor may give (when creating or editing a user). Nobody grants a role above their
 * own, and every grant stays inside the actor's tenant (checked by `can('user.create', …)`):
 * the admin grants any role; an agency admin grants agency roles in their agency and organization
 * and company roles in linked organizations; an organization admin grants organization and company
 * roles in their organization; a company admin grants company roles in their company.
 */
export function assignableRoles(actor: UserLike | null | undefined): Role[] {
  if (!isActiveUser(actor) || !hasKnownRole(actor)) return [];
  switch (actor.role as Role) {
    case 'ADMIN':
      return [...Role.values];
    case 'AGENCY_ADMIN':
      return ['AGENCY_ADMIN', 'AGENCY_USER', ...ROLES_BY_USER_TYPE.organization, ...ROLES_BY_USER_TYPE.company];
    case 'ORGANIZATION_ADMIN':
      return [...ROLES_BY_USER_TYPE.organization, ...ROLES_BY_USER_TYPE.company];
    case 'COMPANY_ADMIN':
      return [...ROLES_BY_USER_TYPE.company];
    default:
      return [];
  }
}

const isOrgRole = (role: unknown) => ROLES_BY_USER_TYPE.organization.includes(role as Role);
const isCompanyRole = (role: unknown) => ROLES_BY_USER_TYPE.company.includes(role as Role);
const isAgencyRole = (role: unknown) => role === 'AGENCY_ADMIN' || role === 'AGENCY_USER';

/** May the actor manage a user with this role in this tenant? */
function mayManageUser(actor: UserLike, role: unknown, target: ActionTarget, scope: AccessScope): boolean {
  if (!Role.is(role) || !assignableRoles(actor).includes(role)) return false;
  if (isAdminUser(actor)) return true;
  if (isAgencyRole(role)) return !!actor.agency_id && target.agency_id === actor.agency_id;
  const orgId = target.organization_id ?? scope.companyOrganizationId;
  if (isCompanyRole(role) && actor.role === 'COMPANY_ADMIN') return !!actor.company_id && target.company_id === actor.company_id;
  if (isCompanyRole(role) && !target.company_id) return false;
  if (isOrgRole(role) || isCompanyRole(role)) {
    if (!orgId) return false;
    // Whitelisted organizations are shared for looking, not for managing people.
    if (actor.role === 'ORGANIZATION_ADMIN') return orgId === actor.organization_id;
    if (actor.role === 'AGENCY_ADMIN') return (scope.agencyOrganizationIds ?? []).includes(orgId);
  }
  return false;
}

function canOnUser(actor: UserLike, action: Action, target: ActionTarget, scope: AccessScope): boolean {
  const self = !!target.id && target.id === actor.id;
  if (action === 'user.delete') {
    if (self) return false;
    return mayManageUser(actor, target.current_role ?? target.role, target, scope);
  }
  if (action === 'user.update' && self) {
    // Nobody raises (or otherwise changes) their own role; other fields go through the profile.
    return !target.role || target.role === actor.role;
  }
  if (action === 'user.update' && target.current_role && !mayManageUser(actor, target.current_role, target, scope)) return false;
  return target.role === undefined ? true : mayManageUser(actor, target.role, target, scope);
}

/** A target that says it has no tenant (organization_id given as null, no company), unlike one that says nothing. */
const isPlatformRecord = (target: ActionTarget) => 'organization_id' in target && !target.organization_id && !target.company_id;

/**
 * May `user` do `action` on `target`? Without a tenant in `target` the answer is the role layer
 * only (enough to hide a button); handlers must pass the record's organization and company.
 */
export function can(user: UserLike | null | undefined, action: Action, target: ActionTarget = {}, scope: AccessScope = {}): boolean {
  if (!isActiveUser(user) || !hasKnownRole(user)) return false;
  if (!ACTION_ROLES[action].includes(user.role as Role)) return false;
  if (action === 'profile.update') return !target.id || target.id === user.id;
  if (action === 'user.create' || action === 'user.update' || action === 'user.delete') return canOnUser(user, action, target, scope);
  if (PLATFORM_ACTIONS.has(action)) return true;
  // An admin data mapping names no tenant (organization_id null): only the admin maintains those.
  if (action.startsWith('data-mapping.') && isPlatformRecord(target)) return isAdminUser(user);
  if (ORGANIZATION_LEVEL_ACTIONS.has(action) && isCompanyUser(user)) return false;
  if (target.company_id) {
    return canReachCompany(user, target.company_id, { ...scope, companyOrganizationId: target.organization_id ?? scope.companyOrganizationId });
  }
  if (target.organization_id) return !isCompanyUser(user) && canReachOrganization(user, target.organization_id, scope);
  return true;
}

/** Every action the user may do at role level: what the web may offer. */
export function allowedActions(user: UserLike | null | undefined): Action[] {
  return ACTIONS.filter((a) => can(user, a));
}

// ── Organization limits and contact lists ────────────────────────────────────────────────────────

/** Users that take a seat under the organization's admin_comparer_limit. */
export function countsTowardComparerLimit(user: UserLike | null | undefined): boolean {
  return isActiveUser(user) && user.role === 'ORGANIZATION_COMPARER';
}

export const comparerLimitMessage = (limit: number) => `The organization's comparer limit of ${limit} has been reached.`;

export type ComparerLimitCheck = { ok: true } | { ok: false; message: string };

/**
 * Whether one more comparer may be added. `currentCount` is the organization's active comparers
 * before the change; a missing limit means the organization has no limit.
 */
export function checkComparerLimit(currentCount: number, limit: number | null | undefined): ComparerLimitCheck {
  if (limit === null || limit === undefined || !Number.isFinite(limit)) return { ok: true };
  return currentCount < limit ? { ok: true } : { ok: false, message: comparerLimitMessage(limit) };
}

/** SPEC §6: contact lists filter by these roles; comparer and task manager are left out when asked. */
export function organizationContactRoles(options: { omitComparerAndTaskManager?: boolean } = {}): Role[] {
  return options.omitComparerAndTaskManager
    ? ['ORGANIZATION_ADMIN']
    : ['ORGANIZATION_ADMIN', 'ORGANIZATION_COMPARER', 'ORGANIZATION_TASK_MANAGER'];
}
