/** Where a user lands after sign-in, and the redirects of SPEC §2. */
import { isAdminComparerUser, isAdminUser, isAgencyUser, isCompanyUser, isOrganizationUser, type UserLike } from '../roles';
import { isActiveUser } from './scope';

export function landingPath(user: UserLike | null | undefined): string {
  if (!isActiveUser(user)) return '/';
  if (isAdminUser(user)) return '/admin/organizations';
  if (isAdminComparerUser(user) || isAgencyUser(user)) return '/organizations';
  if (isOrganizationUser(user) && user.organization_id) return `/organizations/${encodeURIComponent(user.organization_id)}`;
  if (isCompanyUser(user) && user.company_id) return `/companies/${encodeURIComponent(user.company_id)}`;
  // A user without a usable role or tenant stays on the home page rather than looping.
  return '/';
}

/**
 * The redirect for a pathname, or null to stay. Besides the admin rule of SPEC §2, `/` (home, where
 * the logo leads) sends each user to their landing page, and the agency report paths read the
 * other way round (`/agencies/{id}/renewal-planning`, `/agencies/{id}/carriers`) lead to the
 * decided ones under `/reports`.
 */
export function redirectFor(user: UserLike | null | undefined, pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/organizations' && isActiveUser(user) && isAdminUser(user)) return '/admin/organizations';
  if (path === '/' || path === '') {
    const landing = landingPath(user);
    return landing === '/' ? null : landing;
  }
  const agencyAlias = /^\/agencies\/([^/]+)\/(renewal-planning|carriers|renewals)$/.exec(path);
  if (agencyAlias) return `/agencies/${agencyAlias[1]}/reports/${agencyAlias[2]}`;
  return null;
}
