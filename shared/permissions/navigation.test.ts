import { describe, expect, it } from 'vitest';
import { Role } from '../roles';
import { isNavGroup, navContextFromPath, navigationFor, type NavItem } from './navigation';
import { matchPage } from './pages';
import { canViewPage } from './pages-access';
import { USERS, scopeFor } from '../../test/support/permission-users';

/** A nav flattened to readable lines: "Templates > Export Templates → /path". */
function lines(items: NavItem[], prefix = ''): string[] {
  return items.flatMap((item) => (isNavGroup(item) ? lines(item.children, `${prefix}${item.label} > `) : [`${prefix}${item.label} → ${item.path}`]));
}
const labels = (items: NavItem[]) => lines(items).map((l) => l.split(' → ')[0]);

describe('navigation outside any organization or company', () => {
  it('gives the admin the DMS Admin nav with its Reports group', () => {
    const nav = navigationFor(USERS.ADMIN);
    expect(nav.title).toBe('DMS Admin');
    expect(nav.header).toEqual({ kind: 'avatar', label: 'DMS Admin' });
    expect(lines(nav.items)).toEqual([
      'Organizations → /admin/organizations',
      'Agencies → /admin/agencies',
      'Carriers → /admin/carriers',
      'Mappings → /admin/mappings',
      'Email Templates → /admin/email-templates',
      'Users → /admin/users',
      'Reports > Carriers & Plans → /admin/reports/carriers',
      'Reports > Renewals → /admin/reports/renewals',
      'Reports > Renewal Planning → /admin/reports/renewal-planning',
      'Audit Trail → /admin/audit',
    ]);
  });

  it('gives the comparer admin only Organizations, in the DMS Comparer nav', () => {
    const nav = navigationFor(USERS.ADMIN_COMPARER);
    expect(nav.title).toBe('DMS Comparer');
    expect(lines(nav.items)).toEqual(['Organizations → /organizations']);
  });

  it('gives the agency admin the Agency nav tied to the agency', () => {
    const nav = navigationFor(USERS.AGENCY_ADMIN);
    expect(nav.title).toBe('Agency');
    expect(lines(nav.items)).toEqual([
      'Organizations → /organizations',
      'Reports > Carriers & Plans → /agencies/A1/reports/carriers',
      'Reports > Renewals → /agencies/A1/reports/renewals',
      'Reports > Renewal Planning → /agencies/A1/reports/renewal-planning',
      'Users → /agencies/A1/users',
      'Agency → /agencies/A1',
    ]);
  });

  it('gives the agency user the Agency nav without the agency pages they would get 404 on', () => {
    const nav = navigationFor(USERS.AGENCY_USER);
    expect(nav.title).toBe('Agency');
    expect(lines(nav.items)).toEqual(['Organizations → /organizations']);
  });

  it('gives organization and company users the nav of their own organization or company', () => {
    expect(navigationFor(USERS.ORGANIZATION_ADMIN)).toMatchObject({ title: 'Organization', header: { kind: 'organization-selector', organization_id: 'O1' } });
    expect(navigationFor(USERS.COMPANY_USER)).toMatchObject({ title: 'Company', header: { kind: 'company-selector', company_id: 'C1' } });
  });

  it('gives no navigation to signed-out, disabled or unknown-role users', () => {
    expect(navigationFor(null).items).toEqual([]);
    expect(navigationFor({ ...USERS.ADMIN, disabled: true }).title).toBe('');
    expect(navigationFor({ role: 'NOT_A_ROLE' }, { company_id: 'C1' }).items).toEqual([]);
  });
});

describe('navigation inside an organization', () => {
  const FULL = [
    'Companies',
    'Comparisons',
    'Mappings',
    'Users',
    'Templates > Data Points Templates',
    'Templates > Export Templates',
    'Templates > Email Templates',
    'Reports > Carriers & Plans',
    'Reports > Renewals',
    'Reports > Renewal Planning',
  ];
  // The audit trail is for the DMS Admin and the organization's own admins only.
  const EXPECTED: Partial<Record<Role, string[]>> = {
    ADMIN: [...FULL, 'Audit Trail'],
    AGENCY_ADMIN: FULL,
    ORGANIZATION_ADMIN: [...FULL, 'Audit Trail'],
    ADMIN_COMPARER: ['Companies', 'Comparisons', 'Mappings', 'Templates > Data Points Templates', 'Templates > Export Templates', 'Reports > Carriers & Plans'],
    ORGANIZATION_COMPARER: ['Companies', 'Comparisons', 'Mappings', 'Users', 'Templates > Data Points Templates', 'Templates > Export Templates', 'Reports > Carriers & Plans'],
    AGENCY_USER: FULL.filter((l) => l !== 'Templates > Email Templates'),
    ORGANIZATION_TASK_MANAGER: FULL.filter((l) => l !== 'Templates > Email Templates'),
    ORGANIZATION_USER: ['Companies', 'Comparisons', 'Mappings'],
  };

  it.each(Object.entries(EXPECTED))('shows %s the Organization nav with its items', (role, expected) => {
    const nav = navigationFor(USERS[role as Role], { organization_id: 'O1' });
    expect(nav.title).toBe('Organization');
    expect(nav.header).toEqual({ kind: 'organization-selector', organization_id: 'O1' });
    expect(labels(nav.items)).toEqual(expected);
  });

  it('shows the comparer admin only Carriers & Plans under Reports', () => {
    const reports = navigationFor(USERS.ADMIN_COMPARER, { organization_id: 'O9' }).items.find((i) => i.label === 'Reports');
    expect(reports && isNavGroup(reports) && reports.children.map((c) => c.label)).toEqual(['Carriers & Plans']);
  });

  it('links into the organization in view', () => {
    expect(lines(navigationFor(USERS.ADMIN, { organization_id: 'O7' }).items)[0]).toBe('Companies → /organizations/O7/companies');
  });

  it('keeps company users on their company nav, as they cannot open organization pages', () => {
    expect(navigationFor(USERS.COMPANY_ADMIN, { organization_id: 'O1' })).toMatchObject({ title: 'Company', header: { company_id: 'C1' } });
  });
});

describe('navigation inside a company', () => {
  const FULL = ['Comparisons', 'Mappings', 'Templates', 'Users', 'Carriers & Renewals', 'Renewals', 'Convert Carrier Files'];

  it.each(Role.values)('gives %s the Company nav', (role) => {
    const nav = navigationFor(USERS[role], { company_id: 'C1' });
    const verifyOnly = role === 'ORGANIZATION_USER' || role === 'COMPANY_USER';
    expect(nav.title).toBe('Company');
    expect(nav.header).toEqual({ kind: 'company-selector', company_id: 'C1' });
    expect(labels(nav.items)).toEqual(verifyOnly ? FULL.filter((l) => l !== 'Convert Carrier Files') : FULL);
  });

  it('links Carriers & Renewals to company-carriers', () => {
    expect(lines(navigationFor(USERS.COMPANY_ADMIN, { company_id: 'C1' }).items)).toContain('Carriers & Renewals → /companies/C1/company-carriers');
  });
});

describe('navigation and page rules agree', () => {
  const contexts = [{}, { organization_id: 'O1' }, { company_id: 'C1' }];
  const cases = Role.values.flatMap((role) => contexts.map((context) => [role, JSON.stringify(context), context] as const));

  it.each(cases)('every link %s sees in %s opens a page it may view', (role, _label, context) => {
    const nav = navigationFor(USERS[role], context);
    for (const line of lines(nav.items)) {
      const path = line.split(' → ')[1];
      const match = matchPage(path);
      expect(match, path).not.toBeNull();
      expect(canViewPage(USERS[role], match!.page.id, match!.params, scopeFor(role, match!.params.company_id)), path).toBe(true);
    }
  });
});

describe('navContextFromPath', () => {
  it('reads the tenant in view from the URL', () => {
    expect(navContextFromPath('/organizations/O1/companies')).toEqual({ organization_id: 'O1' });
    expect(navContextFromPath('/companies/C1/comparisons/X')).toEqual({ company_id: 'C1' });
    expect(navContextFromPath('/agencies/A1')).toEqual({ agency_id: 'A1' });
    expect(navContextFromPath('/organizations')).toEqual({});
    expect(navContextFromPath('/admin/organizations/new')).toEqual({});
  });
});
