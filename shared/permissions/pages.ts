/**
 * The page table: every screen route of SPEC §2 as data, so the router, the navigation, the
 * access rules and the permission tests all read one list. Paths the spec leaves open are decided
 * in docs/permissions.md ("Decided paths").
 */

export type PageArea = 'public' | 'home' | 'profile' | 'admin' | 'agency' | 'organization' | 'company';

export interface PageDef {
  id: string;
  /** react-router style: `/organizations/:organization_id/companies`. */
  pattern: string;
  /** Plain placeholder title; the page may show a richer one once its data is loaded. */
  title: string;
  area: PageArea;
}

const page = <const Id extends string>(id: Id, pattern: string, title: string, area: PageArea) => ({ id, pattern, title, area });

const ORG = '/organizations/:organization_id';
const COMPANY = '/companies/:company_id';
const AGENCY = '/agencies/:agency_id';

const PAGE_LIST = [
  page('home', '/', 'Home', 'home'),
  page('profile', '/profile', 'Profile', 'profile'),
  page('api-reference', '/api-reference', 'API reference', 'profile'),

  page('admin.organizations', '/admin/organizations', 'Organizations', 'admin'),
  page('admin.agencies', '/admin/agencies', 'Agencies', 'admin'),
  page('admin.carriers', '/admin/carriers', 'Carriers', 'admin'),
  page('admin.mappings', '/admin/mappings', 'Mappings', 'admin'),
  page('admin.email-templates', '/admin/email-templates', 'Email Templates', 'admin'),
  page('admin.users', '/admin/users', 'Users', 'admin'),
  page('admin.reports.renewals', '/admin/reports/renewals', 'Renewals', 'admin'),
  page('admin.reports.renewal-planning', '/admin/reports/renewal-planning', 'Renewal Planning', 'admin'),
  page('admin.reports.carriers', '/admin/reports/carriers', 'Carriers & Plans', 'admin'),
  page('admin.users.new', '/admin/users/new', 'New User', 'admin'),
  page('admin.agencies.new', '/admin/agencies/new', 'New Agency', 'admin'),
  page('admin.organizations.new', '/admin/organizations/new', 'New Organization', 'admin'),
  page('admin.users.show', '/admin/users/:user_id', 'User', 'admin'),
  page('admin.audit', '/admin/audit', 'Audit Trail', 'admin'),
  page('admin.agencies.show', '/admin/agencies/:agency_id', 'Agency', 'admin'),

  // The organizations list outside any tenant: comparer admins and agency users land here.
  page('organizations', '/organizations', 'Organizations', 'organization'),

  page('agency', AGENCY, 'Agency', 'agency'),
  page('agency.reports.renewals', `${AGENCY}/reports/renewals`, 'Renewals', 'agency'),
  page('agency.reports.renewal-planning', `${AGENCY}/reports/renewal-planning`, 'Renewal Planning', 'agency'),
  page('agency.reports.carriers', `${AGENCY}/reports/carriers`, 'Carriers & Plans', 'agency'),
  page('agency.users', `${AGENCY}/users`, 'Users', 'agency'),
  page('agency.users.new', `${AGENCY}/users/new`, 'New User', 'agency'),
  page('agency.users.show', `${AGENCY}/users/:user_id`, 'User', 'agency'),
  page('agency.users.edit', `${AGENCY}/users/:user_id/edit`, 'Edit User', 'agency'),

  page('organization', ORG, 'Organization', 'organization'),
  page('organization.companies', `${ORG}/companies`, 'Companies', 'organization'),
  page('organization.comparisons', `${ORG}/comparisons`, 'Comparisons', 'organization'),
  page('organization.mappings', `${ORG}/mappings`, 'Mappings', 'organization'),
  page('organization.users', `${ORG}/users`, 'Users', 'organization'),
  page('organization.users.show', `${ORG}/users/:user_id`, 'User', 'organization'),
  page('organization.users.edit', `${ORG}/users/:user_id/edit`, 'Edit User', 'organization'),
  page('organization.templates.data-points', `${ORG}/templates/data-points-templates`, 'Data Points Templates', 'organization'),
  page(
    'organization.templates.data-points.show',
    `${ORG}/templates/data-points-templates/:data_points_template_id`,
    'Data Points Template',
    'organization',
  ),
  page('organization.templates.export', `${ORG}/templates/export-templates`, 'Export Templates', 'organization'),
  page(
    'organization.templates.export.show',
    `${ORG}/templates/export-templates/:export_columns_template_id`,
    'Export Template',
    'organization',
  ),
  page('organization.templates.email', `${ORG}/templates/email-templates`, 'Email Templates', 'organization'),
  page('organization.reports.carriers', `${ORG}/reports/carriers`, 'Carriers & Plans', 'organization'),
  page('organization.reports.renewals', `${ORG}/reports/renewals`, 'Renewals', 'organization'),
  page('organization.reports.renewal-planning', `${ORG}/reports/renewal-planning`, 'Renewal Planning', 'organization'),
  page('organization.new', `${ORG}/new`, 'New Company', 'organization'),
  page('organization.edit', `${ORG}/edit`, 'Edit Organization', 'organization'),
  page('organization.import', `${ORG}/import`, 'Import Companies', 'organization'),
  page('organization.import-company-carriers', `${ORG}/import-company-carriers`, 'Import Company Carriers', 'organization'),
  page(
    'organization.import-company-carrier-plans',
    `${ORG}/import-company-carrier-plans`,
    'Import Company Carrier Plans',
    'organization',
  ),
  page('organization.service-types', `${ORG}/service-types`, 'Service Types', 'organization'),
  page('organization.benefit-admin-systems', `${ORG}/benefit-admin-systems`, 'Benefit Admin Systems', 'organization'),
  page('organization.agencies', `${ORG}/agencies`, 'Agencies', 'organization'),
  page('organization.audit', `${ORG}/audit`, 'Audit Trail', 'organization'),

  page('company', COMPANY, 'Company', 'company'),
  page('company.comparisons', `${COMPANY}/comparisons`, 'Comparisons', 'company'),
  page('company.comparisons.show', `${COMPANY}/comparisons/:comparison_id`, 'Comparison', 'company'),
  page('company.mappings', `${COMPANY}/mappings`, 'Mappings', 'company'),
  page('company.templates', `${COMPANY}/templates`, 'Templates', 'company'),
  page('company.users', `${COMPANY}/users`, 'Users', 'company'),
  page('company.users.show', `${COMPANY}/users/:user_id`, 'User', 'company'),
  page('company.company-carriers', `${COMPANY}/company-carriers`, 'Carriers & Renewals', 'company'),
  page('company.company-carriers.show', `${COMPANY}/company-carriers/:company_carrier_id`, 'Carrier', 'company'),
  page(
    'company.company-carriers.plans.show',
    `${COMPANY}/company-carriers/:company_carrier_id/plans/:company_carrier_plan_id`,
    'Carrier Plan',
    'company',
  ),
  page('company.renewals', `${COMPANY}/renewals`, 'Renewals', 'company'),
  page('company.renewals.show', `${COMPANY}/renewals/:renewal_id`, 'Renewal', 'company'),
  page('company.convert-carrier-files', `${COMPANY}/convert-carrier-files`, 'Convert Carrier Files', 'company'),
] as const;

export type PageId = (typeof PAGE_LIST)[number]['id'];

export const PAGES: readonly (PageDef & { id: PageId })[] = PAGE_LIST;

export const PAGES_BY_ID = Object.fromEntries(PAGES.map((p) => [p.id, p])) as Readonly<Record<PageId, PageDef & { id: PageId }>>;

export function isPageId(value: unknown): value is PageId {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(PAGES_BY_ID, value);
}

export type RouteParams = Readonly<Record<string, string | undefined>>;

/** The page for an id or a pattern (either form is accepted wherever a page is named). */
export function findPage(idOrPattern: string): (PageDef & { id: PageId }) | undefined {
  return isPageId(idOrPattern) ? PAGES_BY_ID[idOrPattern] : PAGES.find((p) => p.pattern === idOrPattern);
}

const segments = (path: string) => path.split('/').filter(Boolean);

function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const want = segments(pattern);
  const got = segments(pathname);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) params[want[i].slice(1)] = decodeURIComponent(got[i]);
    else if (want[i] !== got[i]) return null;
  }
  return params;
}

/**
 * The page a pathname shows, with its params. Literal segments win over parameters
 * (`/admin/users/new` is the New User page, not a user called "new"), as in react-router.
 */
export function matchPage(pathname: string): { page: PageDef & { id: PageId }; params: Record<string, string> } | null {
  let best: { page: PageDef & { id: PageId }; params: Record<string, string>; literals: number } | null = null;
  for (const p of PAGES) {
    const params = matchPattern(p.pattern, pathname);
    if (!params) continue;
    const literals = segments(p.pattern).filter((s) => !s.startsWith(':')).length;
    if (!best || literals > best.literals) best = { page: p, params, literals };
  }
  return best && { page: best.page, params: best.params };
}

/** A concrete path for a page; throws when a parameter is missing, so a broken link fails loudly in tests. */
export function pagePath(idOrPattern: PageId | string, params: RouteParams = {}): string {
  const pattern = findPage(idOrPattern)?.pattern ?? idOrPattern;
  const path = segments(pattern)
    .map((s) => {
      if (!s.startsWith(':')) return s;
      const value = params[s.slice(1)];
      if (!value) throw new Error(`missing route parameter ${s.slice(1)} for ${pattern}`);
      return encodeURIComponent(value);
    })
    .join('/');
  return `/${path}`;
}
