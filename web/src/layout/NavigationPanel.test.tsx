import { afterEach, describe, expect, it, vi } from 'vitest';
import { userFlags } from '../../../shared/roles';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { navContextFromPath, navigationFor } from '../../../shared/permissions';
import type { Me } from '../data/me';
import { CurrentUserContext } from '../auth/current-user';
import { NavigationPanel } from './NavDrawer';

afterEach(cleanup);

const user = (role: string, extra: Partial<Me> = {}): Me => {
  const record = { id: `u-${role}`, username: role.toLowerCase(), email: `${role.toLowerCase()}@demo.example`, role, first_name: 'Pat', last_name: 'Doe', ...extra };
  return { created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z', ...record, ...userFlags(record) };
};

function renderNav(me: Me, pathname: string) {
  const navigation = navigationFor(me, navContextFromPath(pathname));
  render(
    // Tenant names are fetched; here they never arrive, so the selectors show their fallbacks.
    <SWRConfig value={{ provider: () => new Map(), fetcher: () => new Promise(() => {}) }}>
      <CurrentUserContext.Provider value={me}>
        <MemoryRouter initialEntries={[pathname]}>
          <NavigationPanel navigation={navigation} pathname={pathname} />
        </MemoryRouter>
      </CurrentUserContext.Provider>
    </SWRConfig>,
  );
  return screen.getByRole('navigation');
}

const linkNames = (nav: HTMLElement) => within(nav).queryAllByRole('link').map((a) => a.textContent?.trim());

describe('navigation per role', () => {
  it('admin: DMS Admin title, admin links, Reports group that expands and collapses', () => {
    const nav = renderNav(user('ADMIN'), '/admin/organizations');

    expect(within(nav).getByRole('heading', { name: 'DMS Admin' })).toBeTruthy();
    expect(linkNames(nav)).toEqual(['Organizations', 'Agencies', 'Carriers', 'Mappings', 'Email Templates', 'Users', 'Audit Trail']);

    const reports = within(nav).getByRole('button', { name: 'Reports' });
    expect(reports.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(reports);
    expect(reports.getAttribute('aria-expanded')).toBe('true');
    expect(linkNames(nav)).toEqual(['Organizations', 'Agencies', 'Carriers', 'Mappings', 'Email Templates', 'Users', 'Carriers & Plans', 'Renewals', 'Renewal Planning', 'Audit Trail']);
    fireEvent.click(reports);
    expect(reports.getAttribute('aria-expanded')).toBe('false');
  });

  it('highlights the link of the current page', () => {
    const nav = renderNav(user('ADMIN'), '/admin/users/u-42');

    const active = within(nav).getByRole('link', { current: 'page' });

    expect(active.textContent).toBe('Users');
    expect(active.className).toContain('Mui-selected');
  });

  it('opens the group holding the current page', () => {
    const nav = renderNav(user('ADMIN'), '/admin/reports/renewals');

    expect(within(nav).getByRole('button', { name: 'Reports' }).getAttribute('aria-expanded')).toBe('true');
    expect(within(nav).getByRole('link', { current: 'page' }).textContent).toBe('Renewals');
  });

  it('comparer admin: DMS Comparer with Organizations only', () => {
    const nav = renderNav(user('ADMIN_COMPARER'), '/organizations');

    expect(within(nav).getByRole('heading', { name: 'DMS Comparer' })).toBeTruthy();
    expect(linkNames(nav)).toEqual(['Organizations']);
  });

  it('comparer admin inside an organization sees only Carriers & Plans under Reports', () => {
    const nav = renderNav(user('ADMIN_COMPARER'), '/organizations/o1/companies');

    expect(within(nav).getByRole('heading', { name: 'Organization' })).toBeTruthy();
    fireEvent.click(within(nav).getByRole('button', { name: 'Reports' }));
    const links = linkNames(nav);
    expect(links).toContain('Carriers & Plans');
    expect(links).not.toContain('Renewals');
    expect(links).not.toContain('Renewal Planning');
  });

  it('agency admin: Agency navigation with Organizations, Reports and Agency tied to the agency', () => {
    const nav = renderNav(user('AGENCY_ADMIN', { agency_id: 'a1' }), '/organizations');

    expect(within(nav).getByRole('heading', { name: 'Agency' })).toBeTruthy();
    fireEvent.click(within(nav).getByRole('button', { name: 'Reports' }));
    const hrefs = within(nav).getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/organizations',
      '/agencies/a1/reports/carriers',
      '/agencies/a1/reports/renewals',
      '/agencies/a1/reports/renewal-planning',
      '/agencies/a1/users',
      '/agencies/a1',
    ]);
  });

  it('organization admin: Organization navigation with a Templates group', () => {
    const nav = renderNav(user('ORGANIZATION_ADMIN', { organization_id: 'o1' }), '/organizations/o1');

    expect(within(nav).getByRole('heading', { name: 'Organization' })).toBeTruthy();
    fireEvent.click(within(nav).getByRole('button', { name: 'Templates' }));
    expect(linkNames(nav)).toEqual(
      expect.arrayContaining(['Companies', 'Comparisons', 'Mappings', 'Users', 'Data Points Templates', 'Export Templates', 'Email Templates']),
    );
  });

  it('company admin: Company navigation including Carriers & Renewals and Convert Carrier Files', () => {
    const nav = renderNav(user('COMPANY_ADMIN', { organization_id: 'o1', company_id: 'c1' }), '/companies/c1');

    expect(within(nav).getByRole('heading', { name: 'Company' })).toBeTruthy();
    expect(linkNames(nav)).toContain('Carriers & Renewals');
    expect(linkNames(nav)).toContain('Convert Carrier Files');
  });

  it('verify-only company user does not get Convert Carrier Files', () => {
    const nav = renderNav(user('COMPANY_USER', { organization_id: 'o1', company_id: 'c1' }), '/companies/c1/comparisons');

    expect(linkNames(nav)).not.toContain('Convert Carrier Files');
    expect(linkNames(nav)).toContain('Comparisons');
  });

  it("carries the copyright of the current year in the footer, whatever year that is", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2031-03-15T12:00:00'));
      const nav = renderNav(user('ADMIN'), '/admin/organizations');

      expect(nav.textContent).toContain('© 2031 Data Validation Platform');
    } finally {
      vi.useRealTimers();
    }
  });
});
