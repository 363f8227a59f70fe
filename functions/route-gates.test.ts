import { describe, expect, it } from 'vitest';
import { gateAccess } from '../shared/permissions/route-gates';
import { Role, type UserLike } from '../shared/roles';
import { USERS } from '../test/support/permission-users';
import { routes } from './routes';

/** The gate of the route a request reaches (its endpoint's), applied as the API applies it. */
function apiRouteAccess(user: UserLike | null, method: string, path: string): 'allow' | 'not-found' {
  const concrete = path.split('?')[0]!.replace(/:(\w+)/g, '{$1}');
  const route = routes
    .filter((r) => r.method === method && new RegExp(`^${r.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(concrete))
    .sort((a, b) => b.path.split('{').length - a.path.split('{').length)[0];
  if (!route?.endpoint) return 'not-found';
  return gateAccess(user, route.endpoint.gate, method);
}

describe('route gates (role level)', () => {
  const ALL = Role.values;
  const ORG_ROLES = ALL.filter((r) => r !== 'COMPANY_ADMIN' && r !== 'COMPANY_USER');
  const VERIFY = ['ORGANIZATION_USER', 'COMPANY_USER'];
  // [method, path, roles allowed] — everyone else gets 404.
  const TABLE: [string, string, readonly Role[]][] = [
    ['GET', '/api/me', ALL],
    ['GET', '/api/admin/users', ['ADMIN']],
    ['GET', '/api/admin/organizations', ['ADMIN']],
    ['GET', '/api/admin/organizations/stats', ['ADMIN']],
    ['POST', '/api/admin/users', ['ADMIN']],
    ['GET', '/api/agencies/{agency_id}', ['ADMIN', 'AGENCY_ADMIN']],
    ['GET', '/api/agencies/{agency_id}/renewal_planning', ['ADMIN', 'AGENCY_ADMIN']],
    ['GET', '/api/organizations', ORG_ROLES],
    ['GET', '/api/organizations/{organization_id}/companies', ORG_ROLES],
    // Neither the comparer admin nor the verify-only organization user has the users pages.
    ['GET', '/api/organizations/{organization_id}/users', ORG_ROLES.filter((r) => r !== 'ADMIN_COMPARER' && r !== 'ORGANIZATION_USER')],
    ['GET', '/api/organizations/{organization_id}/users/{user_id}', ORG_ROLES.filter((r) => r !== 'ADMIN_COMPARER' && r !== 'ORGANIZATION_USER')],
    ['POST', '/api/organizations/{organization_id}/companies', ORG_ROLES.filter((r) => !VERIFY.includes(r))],
    ['GET', '/api/companies/{company_id}/comparisons/{comparison_id}', ALL],
    ['GET', '/api/organizations/{organization_id}/renewals', ['ADMIN', 'AGENCY_ADMIN', 'AGENCY_USER', 'ORGANIZATION_ADMIN', 'ORGANIZATION_TASK_MANAGER']],
    ['GET', '/api/companies/{company_id}/renewals/{renewal_id}', ALL],
    // The audit trail: the DMS Admin's, an organization's for its admins, a comparison's for its readers.
    ['GET', '/api/admin/audit_events', ['ADMIN']],
    ['GET', '/api/organizations/{organization_id}/audit_events', ['ADMIN', 'ORGANIZATION_ADMIN']],
    ['GET', '/api/companies/{company_id}/comparisons/{comparison_id}/history', ALL],
    ['POST', '/api/companies/{company_id}/renewals/{renewal_id}/advance', ALL.filter((r) => !VERIFY.includes(r))],
    ['POST', '/api/companies/{company_id}/comparisons', ALL.filter((r) => !VERIFY.includes(r))],
    ['PATCH', '/api/companies/{company_id}/comparisons/{comparison_id}/data_point_discrepancies/{id}', ALL],
    ['PATCH', '/api/companies/{company_id}/comparisons/{comparison_id}/missing_discrepancies/{id}', ALL],
    ['POST', '/api/companies/{company_id}/tasks/{task_id}/task_files/{file_id}/upload_url', ALL.filter((r) => !VERIFY.includes(r))],
    ['GET', '/api/companies/{company_id}/carrier_file_conversions', ALL.filter((r) => !VERIFY.includes(r))],
    ['GET', '/api/companies/{company_id}/carrier_file_conversions/{conversion_id}/preview', ALL.filter((r) => !VERIFY.includes(r))],
    ['POST', '/api/companies/{company_id}/carrier_file_conversions/{conversion_id}/use', ALL.filter((r) => !VERIFY.includes(r))],
    ['GET', '/api/carriers', ALL],
    ['POST', '/api/carriers', ['ADMIN']],
    ['GET', '/api/platform-email-templates', ALL],
    ['PUT', '/api/platform-email-templates/{email_type}', ['ADMIN']],
    ['DELETE', '/api/platform-email-templates/{email_type}', ['ADMIN']],
    ['PATCH', '/api/carriers/{carrier_id}', ['ADMIN']],
    ['GET', '/api/unknown', []],
  ];

  it.each(TABLE)('%s %s', (method, path, roles) => {
    expect(ALL.filter((r) => apiRouteAccess(USERS[r], method, path) === 'allow')).toEqual(ALL.filter((r) => roles.includes(r)));
  });

  it('accepts :param and concrete paths as well as {param}', () => {
    expect(apiRouteAccess(USERS.COMPANY_USER, 'GET', '/api/companies/:company_id/renewals')).toBe('allow');
    expect(apiRouteAccess(USERS.COMPANY_USER, 'GET', '/api/organizations/O1?company_id=C1')).toBe('not-found');
  });

  it('opens /api/health to everyone, signed in or not, and nothing else to the signed out', () => {
    expect(apiRouteAccess(null, 'GET', '/api/health')).toBe('allow');
    expect(apiRouteAccess(null, 'GET', '/api/me')).toBe('not-found');
    expect(apiRouteAccess({ ...USERS.ADMIN, disabled: true }, 'GET', '/api/admin/users')).toBe('not-found');
  });

  it('gives a user without a known role only /api/me', () => {
    const odd = { id: 'x', role: 'NOT_A_ROLE' };
    expect(apiRouteAccess(odd, 'GET', '/api/me')).toBe('allow');
    expect(apiRouteAccess(odd, 'GET', '/api/carriers')).toBe('not-found');
  });
});
