/**
 * Who may open which page (SPEC §6). Two layers: the role table below says which roles may ever
 * see a page (this also drives the navigation), and the tenant check says whether this user may
 * see this organization, company or agency. Anything refused is shown as the 404 page, so a
 * forbidden page and a missing one look the same.
 */
import { Role, type UserLike } from '../roles';
import { findPage, matchPage, type PageId, type RouteParams } from './pages';
import { canReachCompany, canReachOrganization, hasKnownRole, isActiveUser, type AccessScope } from './scope';

const ALL_ROLES = Role.values;
const except = (roles: readonly Role[], ...out: Role[]) => roles.filter((r) => !out.includes(r));

/** SPEC §6: organization pages are for admin, agency, organization users and the comparer admin. */
export const ORGANIZATION_PAGE_ROLES: readonly Role[] = except(ALL_ROLES, 'COMPANY_ADMIN', 'COMPANY_USER');
/** SPEC §6: company pages are for those plus company users. */
export const COMPANY_PAGE_ROLES: readonly Role[] = ALL_ROLES;
export const VERIFY_ONLY_ROLES: readonly Role[] = ['ORGANIZATION_USER', 'COMPANY_USER'];

/** Everyone on organization pages except verify-only users, whose work is verifying comparisons. */
const ORG_WORKERS = except(ORGANIZATION_PAGE_ROLES, 'ORGANIZATION_USER');
/** Roles that set an organization up: its companies, imports, admin systems and users. */
const ORG_SETUP: readonly Role[] = ['ADMIN', 'AGENCY_ADMIN', 'ORGANIZATION_ADMIN'];
/** Comparers (platform or organization) see only Carriers & Plans among the organization reports. */
const RENEWAL_REPORT_READERS = except(ORG_WORKERS, 'ADMIN_COMPARER', 'ORGANIZATION_COMPARER');

export type PageRoles = 'signed-in' | readonly Role[];

/**
 * The role layer. 'signed-in' means any active user, known role or not. Typed by PageId so a page
 * added to the table without a rule fails the type check.
 */
export const PAGE_ROLES: Readonly<Record<PageId, PageRoles>> = {
  home: 'signed-in',
  profile: 'signed-in',
  // The description of the API is public; the page that renders it is for anyone signed in.
  'api-reference': 'signed-in',

  // The comparer admin sees only Organizations (SPEC §6), which is /organizations, not /admin.
  'admin.organizations': ['ADMIN'],
  'admin.agencies': ['ADMIN'],
  'admin.carriers': ['ADMIN'],
  'admin.mappings': ['ADMIN'],
  'admin.email-templates': ['ADMIN'],
  'admin.users': ['ADMIN'],
  'admin.reports.renewals': ['ADMIN'],
  'admin.reports.renewal-planning': ['ADMIN'],
  'admin.reports.carriers': ['ADMIN'],
  'admin.users.new': ['ADMIN'],
  'admin.agencies.new': ['ADMIN'],
  'admin.organizations.new': ['ADMIN'],
  'admin.users.show': ['ADMIN'],
  'admin.agencies.show': ['ADMIN'],
  'admin.audit': ['ADMIN'],

  organizations: ORGANIZATION_PAGE_ROLES,

  agency: ['ADMIN', 'AGENCY_ADMIN'],
  'agency.reports.renewals': ['ADMIN', 'AGENCY_ADMIN'],
  'agency.reports.renewal-planning': ['ADMIN', 'AGENCY_ADMIN'],
  'agency.reports.carriers': ['ADMIN', 'AGENCY_ADMIN'],
  'agency.users': ['ADMIN', 'AGENCY_ADMIN'],
  'agency.users.new': ['ADMIN', 'AGENCY_ADMIN'],
  'agency.users.show': ['ADMIN', 'AGENCY_ADMIN'],
  'agency.users.edit': ['ADMIN', 'AGENCY_ADMIN'],

  organization: ORGANIZATION_PAGE_ROLES,
  'organization.companies': ORGANIZATION_PAGE_ROLES,
  'organization.comparisons': ORGANIZATION_PAGE_ROLES,
  'organization.mappings': ORGANIZATION_PAGE_ROLES,
  'organization.users': except(ORG_WORKERS, 'ADMIN_COMPARER'),
  'organization.users.show': except(ORG_WORKERS, 'ADMIN_COMPARER'),
  'organization.users.edit': ORG_SETUP,
  'organization.templates.data-points': ORG_WORKERS,
  'organization.templates.data-points.show': ORG_WORKERS,
  'organization.templates.export': ORG_WORKERS,
  'organization.templates.export.show': ORG_WORKERS,
  'organization.templates.email': ORG_SETUP,
  'organization.reports.carriers': ORG_WORKERS,
  'organization.reports.renewals': RENEWAL_REPORT_READERS,
  'organization.reports.renewal-planning': RENEWAL_REPORT_READERS,
  'organization.new': ORG_SETUP,
  'organization.import': ORG_SETUP,
  'organization.import-company-carriers': ORG_SETUP,
  'organization.import-company-carrier-plans': ORG_SETUP,
  'organization.benefit-admin-systems': ORG_SETUP,
  // Contract, plan, billing, comparer limit, services and agency links are the platform's business.
  'organization.edit': ['ADMIN'],
  'organization.service-types': ['ADMIN'],
  'organization.agencies': ['ADMIN'],
  // Who did what with the organization's data: its own admins (not a whitelisted one's) and the DMS Admin.
  'organization.audit': ['ADMIN', 'ORGANIZATION_ADMIN'],

  // SPEC §6: any user with a role sees the company navigation; only Convert Carrier Files is withheld.
  company: COMPANY_PAGE_ROLES,
  'company.comparisons': COMPANY_PAGE_ROLES,
  'company.comparisons.show': COMPANY_PAGE_ROLES,
  'company.mappings': COMPANY_PAGE_ROLES,
  'company.templates': COMPANY_PAGE_ROLES,
  'company.users': COMPANY_PAGE_ROLES,
  'company.users.show': COMPANY_PAGE_ROLES,
  'company.company-carriers': COMPANY_PAGE_ROLES,
  'company.company-carriers.show': COMPANY_PAGE_ROLES,
  'company.company-carriers.plans.show': COMPANY_PAGE_ROLES,
  'company.renewals': COMPANY_PAGE_ROLES,
  'company.renewals.show': COMPANY_PAGE_ROLES,
  'company.convert-carrier-files': except(COMPANY_PAGE_ROLES, ...VERIFY_ONLY_ROLES),
};

/** The role layer alone: may this role ever see this page? Used to build the navigation. */
export function roleMayViewPage(user: UserLike | null | undefined, pageIdOrPattern: PageId | string): boolean {
  const page = findPage(pageIdOrPattern);
  if (!page || !isActiveUser(user)) return false;
  const roles = PAGE_ROLES[page.id];
  if (roles === 'signed-in') return true;
  return hasKnownRole(user) && roles.includes(user.role as Role);
}

/**
 * The role layer for a concrete path: may this role open the page `path` (query and hash aside) leads to? Enough to
 * decide whether to show a link inside a tenant the user already has open.
 */
export function roleMayOpenPath(user: UserLike | null | undefined, path: string): boolean {
  const match = matchPage(path.split(/[?#]/)[0]);
  return !!match && roleMayViewPage(user, match.page.id);
}

/**
 * May this user open this page with these route params? `scope` supplies what the user record
 * cannot: the organizations linked to the user's agency, the organization of the company in the
 * URL, the user's whitelist rows. Missing scope fails closed (404), never open.
 */
export function canViewPage(
  user: UserLike | null | undefined,
  pageIdOrPattern: PageId | string,
  params: RouteParams = {},
  scope: AccessScope = {},
): boolean {
  const page = findPage(pageIdOrPattern);
  if (!page || !roleMayViewPage(user, page.id)) return false;
  switch (page.area) {
    case 'agency':
      // An agency admin of agency A gets 404 on agency B.
      return user!.role === 'ADMIN' || (!!params.agency_id && user!.agency_id === params.agency_id);
    case 'organization':
      if (page.id === 'organization.audit') return user!.role === 'ADMIN' || (!!params.organization_id && user!.organization_id === params.organization_id);
      return page.id === 'organizations' || canReachOrganization(user, params.organization_id, scope);
    case 'company':
      return canReachCompany(user, params.company_id, scope);
    default:
      return true;
  }
}
