import { describe, expect, it } from 'vitest';
import { Role } from '../roles';
import { findPage, matchPage, pagePath, PAGES, type PageArea, type PageId } from './pages';
import { canViewPage, roleMayOpenPath } from './pages-access';
import { paramsFor, scopeFor, USERS } from '../../test/support/permission-users';

// ── The expectation table, written from SPEC §6 and docs/permissions.md, independent of the code ──
// 'all': any tenant; 'own': only the user's own (or linked) tenant; 'none': 404 everywhere.
type Reach = 'all' | 'own' | 'none';
const everyone = (reach: Reach) => Object.fromEntries(Role.values.map((r) => [r, reach])) as Record<Role, Reach>;

const BY_AREA: Record<PageArea, Record<Role, Reach>> = {
  public: everyone('all'),
  home: everyone('all'),
  profile: everyone('all'),
  admin: { ...everyone('none'), ADMIN: 'all' },
  agency: { ...everyone('none'), ADMIN: 'all', AGENCY_ADMIN: 'own' },
  organization: {
    ADMIN: 'all',
    ADMIN_COMPARER: 'all',
    AGENCY_ADMIN: 'own',
    AGENCY_USER: 'own',
    ORGANIZATION_ADMIN: 'own',
    ORGANIZATION_COMPARER: 'own',
    ORGANIZATION_TASK_MANAGER: 'own',
    ORGANIZATION_USER: 'own',
    COMPANY_ADMIN: 'none',
    COMPANY_USER: 'none',
  },
  company: {
    ADMIN: 'all',
    ADMIN_COMPARER: 'all',
    AGENCY_ADMIN: 'own',
    AGENCY_USER: 'own',
    ORGANIZATION_ADMIN: 'own',
    ORGANIZATION_COMPARER: 'own',
    ORGANIZATION_TASK_MANAGER: 'own',
    ORGANIZATION_USER: 'own',
    COMPANY_ADMIN: 'own',
    COMPANY_USER: 'own',
  },
};

const SETUP: Role[] = ['ADMIN', 'AGENCY_ADMIN', 'ORGANIZATION_ADMIN'];
const NOT_VERIFY_ONLY = Role.values.filter((r) => r !== 'ORGANIZATION_USER' && r !== 'COMPANY_USER');

/** Pages narrowed to fewer roles than their area: everyone else gets 404. */
const ONLY: Partial<Record<PageId, Role[]>> = {
  'organization.users': NOT_VERIFY_ONLY.filter((r) => r !== 'ADMIN_COMPARER'),
  'organization.users.show': NOT_VERIFY_ONLY.filter((r) => r !== 'ADMIN_COMPARER'),
  'organization.users.edit': SETUP,
  'organization.templates.data-points': NOT_VERIFY_ONLY,
  'organization.templates.data-points.show': NOT_VERIFY_ONLY,
  'organization.templates.export': NOT_VERIFY_ONLY,
  'organization.templates.export.show': NOT_VERIFY_ONLY,
  'organization.templates.email': SETUP,
  'organization.reports.carriers': NOT_VERIFY_ONLY,
  // SPEC: the comparer admin sees only Carriers & Plans under organization reports.
  'organization.reports.renewals': NOT_VERIFY_ONLY.filter((r) => r !== 'ADMIN_COMPARER' && r !== 'ORGANIZATION_COMPARER'),
  'organization.reports.renewal-planning': NOT_VERIFY_ONLY.filter((r) => r !== 'ADMIN_COMPARER' && r !== 'ORGANIZATION_COMPARER'),
  'organization.new': SETUP,
  'organization.import': SETUP,
  'organization.import-company-carriers': SETUP,
  'organization.import-company-carrier-plans': SETUP,
  'organization.benefit-admin-systems': SETUP,
  'organization.edit': ['ADMIN'],
  'organization.service-types': ['ADMIN'],
  'organization.agencies': ['ADMIN'],
  // The audit trail: the DMS Admin and the organization's own admins (docs/permissions.md "Audit trail").
  'organization.audit': ['ADMIN', 'ORGANIZATION_ADMIN'],
  // SPEC: verify-only users do not get Convert Carrier Files.
  'company.convert-carrier-files': NOT_VERIFY_ONLY,
};

/** The organizations list has no tenant in its path: everyone who may see organization pages. */
const SPECIAL: Partial<Record<PageId, Record<Role, Reach>>> = {
  organizations: { ...everyone('all'), COMPANY_ADMIN: 'none', COMPANY_USER: 'none' },
};

function expected(role: Role, page: { id: PageId; area: PageArea }): Reach {
  const only = ONLY[page.id];
  if (only && !only.includes(role)) return 'none';
  return (SPECIAL[page.id] ?? BY_AREA[page.area])[role];
}

describe('page table (SPEC §2 routes)', () => {
  const SPEC_PATHS = [
    '/',
    '/profile',
    '/admin/organizations',
    '/admin/agencies',
    '/admin/mappings',
    '/admin/users',
    '/admin/reports/renewals',
    '/admin/reports/renewal-planning',
    '/admin/reports/carriers',
    '/admin/users/new',
    '/admin/agencies/new',
    '/admin/organizations/new',
    '/admin/users/:user_id',
    '/admin/agencies/:agency_id',
    '/organizations',
    '/agencies/:agency_id',
    '/organizations/:organization_id',
    ...[
      'companies',
      'comparisons',
      'mappings',
      'users',
      'users/:user_id',
      'users/:user_id/edit',
      'templates/data-points-templates',
      'templates/export-templates',
      'templates/email-templates',
      'reports/carriers',
      'reports/renewals',
      'reports/renewal-planning',
      'new',
      'edit',
      'import',
      'import-company-carriers',
      'import-company-carrier-plans',
      'service-types',
      'benefit-admin-systems',
      'agencies',
    ].map((s) => `/organizations/:organization_id/${s}`),
    '/companies/:company_id',
    ...[
      'comparisons',
      'comparisons/:comparison_id',
      'mappings',
      'templates',
      'users',
      'users/:user_id',
      'company-carriers',
      'renewals',
      'renewals/:renewal_id',
      'convert-carrier-files',
    ].map((s) => `/companies/:company_id/${s}`),
  ];

  it.each(SPEC_PATHS)('has a page for %s', (pattern) => {
    expect(findPage(pattern)).toBeDefined();
  });

  it('puts the agency reports beneath /agencies/{agency_id}', () => {
    const agencyPages = PAGES.filter((p) => p.area === 'agency').map((p) => p.pattern);
    expect(agencyPages).toEqual(
      expect.arrayContaining(['/agencies/:agency_id', expect.stringMatching(/renewals$/), expect.stringMatching(/renewal-planning$/), expect.stringMatching(/carriers$/)]),
    );
    expect(agencyPages).toHaveLength(8);
  });

  it("puts the agency's users beneath /agencies/{agency_id}, as an organization's are beneath it", () => {
    const agencyPages = PAGES.filter((p) => p.area === 'agency').map((p) => p.pattern);
    expect(agencyPages).toEqual(
      expect.arrayContaining(['/agencies/:agency_id/users', '/agencies/:agency_id/users/new', '/agencies/:agency_id/users/:user_id', '/agencies/:agency_id/users/:user_id/edit']),
    );
    expect(matchPage('/agencies/A1/users/new')?.page.id).toBe('agency.users.new');
  });

  it('shows company-carriers as Carriers & Renewals', () => {
    expect(findPage('/companies/:company_id/company-carriers')?.title).toBe('Carriers & Renewals');
  });

  it('uses only the route parameter names of the spec', () => {
    const SPEC_PARAMS = ['organization_id', 'company_id', 'agency_id', 'user_id', 'comparison_id', 'data_points_template_id', 'export_columns_template_id', 'company_carrier_id', 'company_carrier_plan_id', 'renewal_id'];
    const used = PAGES.flatMap((p) => p.pattern.split('/').filter((s) => s.startsWith(':')).map((s) => s.slice(1)));
    for (const name of used) expect(SPEC_PARAMS).toContain(name);
  });

  it('has unique ids and patterns', () => {
    expect(new Set(PAGES.map((p) => p.id)).size).toBe(PAGES.length);
    expect(new Set(PAGES.map((p) => p.pattern)).size).toBe(PAGES.length);
  });

  it.each(PAGES.map((p) => [p.id, p] as const))('matches a concrete path of %s back to the same page and params', (_id, page) => {
    const params = paramsFor('own');
    const path = pagePath(page.id, params);
    const match = matchPage(path);
    expect(match?.page.id).toBe(page.id);
    for (const [k, v] of Object.entries(match!.params)) expect(v).toBe((params as Record<string, string>)[k]);
  });

  it('prefers literal segments over parameters (/admin/users/new is not a user called new)', () => {
    expect(matchPage('/admin/users/new')?.page.id).toBe('admin.users.new');
    expect(matchPage('/admin/users/new-user-id')?.page.id).toBe('admin.users.show');
    expect(matchPage('/organizations/O1/new')?.page.id).toBe('organization.new');
  });

  it('matches nothing for an unknown path', () => {
    expect(matchPage('/nowhere')).toBeNull();
  });
});

describe('permission matrix: every role × every page → page or 404', () => {
  const cases = Role.values.flatMap((role) => PAGES.map((page) => [role, page.id, expected(role, page)] as const));

  it.each(cases)('%s on %s: %s', (role, pageId, reach) => {
    const user = USERS[role];
    const own = paramsFor('own');
    const other = paramsFor('other');
    const seesOwn = canViewPage(user, pageId, own, scopeFor(role, own.company_id));
    const seesOther = canViewPage(user, pageId, other, scopeFor(role, other.company_id));
    expect({ seesOwn, seesOther }).toEqual({ seesOwn: reach !== 'none', seesOther: reach === 'all' });
  });

  it('accepts a pattern as well as an id', () => {
    expect(canViewPage(USERS.ADMIN, '/admin/agencies/:agency_id', { agency_id: 'A9' })).toBe(true);
    expect(canViewPage(USERS.ADMIN_COMPARER, '/admin/agencies/:agency_id', { agency_id: 'A9' })).toBe(false);
  });

  it('gives an agency admin of agency A a 404 on agency B', () => {
    expect(canViewPage(USERS.AGENCY_ADMIN, 'agency', { agency_id: 'A1' })).toBe(true);
    expect(canViewPage(USERS.AGENCY_ADMIN, 'agency', { agency_id: 'A2' })).toBe(false);
    expect(canViewPage(USERS.AGENCY_ADMIN, 'agency.reports.renewals', { agency_id: 'A2' })).toBe(false);
  });

  it('gives an organization user of organization A a 404 on organization B pages and its companies', () => {
    const user = USERS.ORGANIZATION_ADMIN;
    expect(canViewPage(user, 'organization.companies', { organization_id: 'O2' })).toBe(false);
    expect(canViewPage(user, 'company', { company_id: 'C2' }, { companyOrganizationId: 'O2' })).toBe(false);
  });

  it('lets a whitelisted organization be opened by an organization user', () => {
    const user = USERS.ORGANIZATION_COMPARER;
    const whitelist = [{ user_id: user.id, organization_id: 'O2' }];
    expect(canViewPage(user, 'organization', { organization_id: 'O2' }, { whitelist })).toBe(true);
    expect(canViewPage(user, 'company', { company_id: 'C2' }, { whitelist, companyOrganizationId: 'O2' })).toBe(true);
  });

  it('lets a whitelisted company be opened by a company user, but never an organization page', () => {
    const user = USERS.COMPANY_USER;
    const whitelist = [{ user_id: user.id, organization_id: 'O2', company_id: 'C2' }];
    expect(canViewPage(user, 'company.comparisons', { company_id: 'C2' }, { whitelist, companyOrganizationId: 'O2' })).toBe(true);
    expect(canViewPage(user, 'company.comparisons', { company_id: 'C3' }, { whitelist, companyOrganizationId: 'O2' })).toBe(false);
    expect(canViewPage(user, 'organization', { organization_id: 'O2' }, { whitelist })).toBe(false);
  });

  it('ignores whitelist rows of other users', () => {
    const user = USERS.ORGANIZATION_USER;
    expect(canViewPage(user, 'organization', { organization_id: 'O2' }, { whitelist: [{ user_id: 'someone-else', organization_id: 'O2' }] })).toBe(false);
  });

  it('fails closed when the scope a rule needs is missing', () => {
    expect(canViewPage(USERS.AGENCY_USER, 'organization', { organization_id: 'O1' })).toBe(false);
    expect(canViewPage(USERS.ORGANIZATION_ADMIN, 'company', { company_id: 'C1' })).toBe(false);
    expect(canViewPage(USERS.ORGANIZATION_ADMIN, 'organization', {})).toBe(false);
  });

  it('shows nothing to a disabled user and only home, profile and the API reference to a user without a known role', () => {
    const disabled = { ...USERS.ADMIN, disabled: true };
    expect(PAGES.filter((p) => canViewPage(disabled, p.id, paramsFor('own')))).toEqual([]);
    const odd = { id: 'u-odd', role: 'SOMETHING_ELSE' };
    expect(PAGES.filter((p) => canViewPage(odd, p.id, paramsFor('own'))).map((p) => p.id)).toEqual(['home', 'profile', 'api-reference']);
    expect(canViewPage(null, 'home')).toBe(false);
  });

  it('answers 404 for a page that does not exist', () => {
    expect(canViewPage(USERS.ADMIN, 'no-such-page')).toBe(false);
  });
});

describe('roleMayOpenPath: whether to show a link to a concrete path', () => {
  it("answers the role layer of the page the path leads to, whatever its query", () => {
    expect(roleMayOpenPath(USERS.ORGANIZATION_ADMIN, '/organizations/O1/service-types')).toBe(false);
    expect(roleMayOpenPath(USERS.ADMIN, '/organizations/O1/service-types')).toBe(true);
    expect(roleMayOpenPath(USERS.ORGANIZATION_ADMIN, '/organizations/O1/benefit-admin-systems')).toBe(true);
    expect(roleMayOpenPath(USERS.ORGANIZATION_USER, '/organizations/O1/reports/renewals?month=JANUARY')).toBe(false);
    expect(roleMayOpenPath(USERS.ORGANIZATION_TASK_MANAGER, '/organizations/O1/reports/renewals?month=JANUARY')).toBe(true);
  });

  it('refuses a path that leads to no page', () => {
    expect(roleMayOpenPath(USERS.ADMIN, '/organizations/O1/no-such-page')).toBe(false);
  });
});
