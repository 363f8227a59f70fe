/**
 * The left navigation as data (SPEC §2 Shell, §6): a title per role, an avatar or selector item at
 * the top, and links with nested Templates and Reports groups. Links are filtered by the role
 * layer of the page rules, so the navigation never offers a page that would answer 404 by role.
 */
import { isAdminComparerUser, isAdminUser, isAgencyUser, isCompanyUser, isOrganizationUser, type UserLike } from '../roles';
import { pagePath, PAGES_BY_ID, type PageId, type RouteParams } from './pages';
import { roleMayViewPage } from './pages-access';
import { hasKnownRole } from './scope';

export type NavTitle = 'DMS Admin' | 'Organization' | 'Company' | 'DMS Comparer' | 'Agency';

export interface NavLink {
  label: string;
  path: string;
  pageId: PageId;
}
export interface NavGroup {
  label: string;
  children: NavItem[];
}
export type NavItem = NavLink | NavGroup;

/** The item at the top of the navigation. The web resolves names from the ids it is given. */
export type NavHeader =
  | { kind: 'avatar'; label: string }
  | { kind: 'organization-selector'; organization_id: string }
  | { kind: 'company-selector'; company_id: string };

export interface Navigation {
  /** Empty when the user has no navigation (signed out, disabled, unknown role). */
  title: NavTitle | '';
  header: NavHeader | null;
  items: NavItem[];
}

/** Which tenant the user is looking at, read from the URL. */
export interface NavContext {
  organization_id?: string | null;
  company_id?: string | null;
  agency_id?: string | null;
}

export const isNavGroup = (item: NavItem): item is NavGroup => 'children' in item;

type Spec = { page: PageId; label?: string } | { group: string; children: Spec[] };

const ADMIN_NAV: Spec[] = [
  { page: 'admin.organizations' },
  { page: 'admin.agencies' },
  { page: 'admin.carriers' },
  { page: 'admin.mappings' },
  { page: 'admin.email-templates' },
  { page: 'admin.users' },
  {
    group: 'Reports',
    children: [{ page: 'admin.reports.carriers' }, { page: 'admin.reports.renewals' }, { page: 'admin.reports.renewal-planning' }],
  },
  { page: 'admin.audit' },
];

const AGENCY_NAV: Spec[] = [
  { page: 'organizations' },
  {
    group: 'Reports',
    children: [{ page: 'agency.reports.carriers' }, { page: 'agency.reports.renewals' }, { page: 'agency.reports.renewal-planning' }],
  },
  { page: 'agency.users' },
  { page: 'agency' },
];

const ORGANIZATION_NAV: Spec[] = [
  { page: 'organization.companies' },
  { page: 'organization.comparisons' },
  { page: 'organization.mappings' },
  { page: 'organization.users' },
  {
    group: 'Templates',
    children: [{ page: 'organization.templates.data-points' }, { page: 'organization.templates.export' }, { page: 'organization.templates.email' }],
  },
  {
    group: 'Reports',
    children: [
      { page: 'organization.reports.carriers' },
      { page: 'organization.reports.renewals' },
      { page: 'organization.reports.renewal-planning' },
    ],
  },
  { page: 'organization.audit' },
];

const COMPANY_NAV: Spec[] = [
  { page: 'company.comparisons' },
  { page: 'company.mappings' },
  { page: 'company.templates' },
  { page: 'company.users' },
  { page: 'company.company-carriers' },
  { page: 'company.renewals' },
  { page: 'company.convert-carrier-files' },
];

function build(user: UserLike, specs: Spec[], params: RouteParams): NavItem[] {
  const items: NavItem[] = [];
  for (const spec of specs) {
    if ('group' in spec) {
      const children = build(user, spec.children, params);
      // A group with nothing the user may open is left out rather than shown empty.
      if (children.length) items.push({ label: spec.group, children });
    } else if (roleMayViewPage(user, spec.page)) {
      items.push({ label: spec.label ?? PAGES_BY_ID[spec.page].title, path: pagePath(spec.page, params), pageId: spec.page });
    }
  }
  return items;
}

const EMPTY: Navigation = { title: '', header: null, items: [] };

export function navigationFor(user: UserLike | null | undefined, context: NavContext = {}): Navigation {
  if (!user || !hasKnownRole(user)) return EMPTY;

  // Company users cannot open organization pages, so wherever they are they keep their company nav.
  const companyId = context.company_id ?? (isCompanyUser(user) ? user.company_id : null);
  if (companyId) {
    return {
      title: 'Company',
      header: { kind: 'company-selector', company_id: companyId },
      items: build(user, COMPANY_NAV, { company_id: companyId }),
    };
  }
  if (isCompanyUser(user)) return EMPTY;

  // Organization users have no list above their organization: their nav is always their organization's.
  const organizationId = context.organization_id ?? (isOrganizationUser(user) ? user.organization_id : null);
  if (organizationId) {
    return {
      title: 'Organization',
      header: { kind: 'organization-selector', organization_id: organizationId },
      items: build(user, ORGANIZATION_NAV, { organization_id: organizationId }),
    };
  }

  if (isAdminUser(user)) return { title: 'DMS Admin', header: { kind: 'avatar', label: 'DMS Admin' }, items: build(user, ADMIN_NAV, {}) };
  if (isAdminComparerUser(user)) {
    return { title: 'DMS Comparer', header: { kind: 'avatar', label: 'DMS Comparer' }, items: build(user, [{ page: 'organizations' }], {}) };
  }
  if (isAgencyUser(user)) {
    // Without an agency the agency links cannot be built; Organizations alone still works.
    const specs = user.agency_id ? AGENCY_NAV : [{ page: 'organizations' as const }];
    return { title: 'Agency', header: { kind: 'avatar', label: 'Agency' }, items: build(user, specs, { agency_id: user.agency_id ?? undefined }) };
  }
  return EMPTY;
}

/** The navigation context of a pathname: the organization, company or agency in its first segments. */
export function navContextFromPath(pathname: string): NavContext {
  const [first, id] = pathname.split('/').filter(Boolean);
  if (!id || id === 'new') return {};
  const value = decodeURIComponent(id);
  if (first === 'organizations') return { organization_id: value };
  if (first === 'companies') return { company_id: value };
  if (first === 'agencies') return { agency_id: value };
  return {};
}
