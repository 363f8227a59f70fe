import { describe, expect, it } from 'vitest';
import type { Role } from '../roles';
import { landingPath, redirectFor } from './landing';
import { USERS } from '../../test/support/permission-users';

describe('landing after login (SPEC §2)', () => {
  const LANDING: Record<Role, string> = {
    ADMIN: '/admin/organizations',
    ADMIN_COMPARER: '/organizations',
    AGENCY_ADMIN: '/organizations',
    AGENCY_USER: '/organizations',
    ORGANIZATION_ADMIN: '/organizations/O1',
    ORGANIZATION_COMPARER: '/organizations/O1',
    ORGANIZATION_TASK_MANAGER: '/organizations/O1',
    ORGANIZATION_USER: '/organizations/O1',
    COMPANY_ADMIN: '/companies/C1',
    COMPANY_USER: '/companies/C1',
  };

  it.each(Object.entries(LANDING))('lands %s on %s', (role, path) => {
    expect(landingPath(USERS[role as Role])).toBe(path);
  });

  it('keeps users without a usable role or tenant, and disabled users, on the home page', () => {
    expect(landingPath({ role: 'NOT_A_ROLE' })).toBe('/');
    expect(landingPath({ role: 'ORGANIZATION_ADMIN' })).toBe('/');
    expect(landingPath({ ...USERS.ADMIN, disabled: true })).toBe('/');
    expect(landingPath(null)).toBe('/');
  });

  it('escapes ids in the path', () => {
    expect(landingPath({ role: 'COMPANY_USER', company_id: 'a/b' })).toBe('/companies/a%2Fb');
  });
});

describe('redirects', () => {
  it('sends an admin visiting /organizations to /admin/organizations', () => {
    expect(redirectFor(USERS.ADMIN, '/organizations')).toBe('/admin/organizations');
    expect(redirectFor(USERS.ADMIN, '/organizations/')).toBe('/admin/organizations');
  });

  it('leaves everyone else on /organizations, and the admin on an organization page', () => {
    expect(redirectFor(USERS.ADMIN_COMPARER, '/organizations')).toBeNull();
    expect(redirectFor(USERS.AGENCY_USER, '/organizations')).toBeNull();
    expect(redirectFor(USERS.ADMIN, '/organizations/O1')).toBeNull();
  });

  it('sends home (/) to the landing page of the user', () => {
    expect(redirectFor(USERS.COMPANY_ADMIN, '/')).toBe('/companies/C1');
    expect(redirectFor(USERS.ADMIN, '/')).toBe('/admin/organizations');
    expect(redirectFor({ role: 'NOT_A_ROLE' }, '/')).toBeNull();
  });

  it('leads the agency report paths without /reports to the ones with it', () => {
    expect(redirectFor(USERS.AGENCY_ADMIN, '/agencies/A1/renewal-planning')).toBe('/agencies/A1/reports/renewal-planning');
    expect(redirectFor(USERS.AGENCY_ADMIN, '/agencies/A1/carriers')).toBe('/agencies/A1/reports/carriers');
    expect(redirectFor(USERS.AGENCY_ADMIN, '/agencies/A1/reports/carriers')).toBeNull();
  });
});
