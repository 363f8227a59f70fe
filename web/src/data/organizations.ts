import useSWR from 'swr';
import type { ResponseOf } from '../../../shared/api/endpoint';
import type { getOrganization, getOrganizationStats, getOrganizationsStats, listOrganizations } from '../../../shared/api/hierarchy';
import { isAdminUser, type UserLike } from '../../../shared/roles';
import type { ApiError } from '../api/errors';
import { TIMING } from '../config/literals';
import { itemsOf } from './list';

export type Organization = ResponseOf<typeof getOrganization>;
/** Both organization listings (the admin's and everyone's) answer pages of the same record. */
export type OrganizationList = ResponseOf<typeof listOrganizations>;
export type OrganizationsStats = ResponseOf<typeof getOrganizationsStats>;
/** One organization's stat cards. */
export type OrganizationStats = ResponseOf<typeof getOrganizationStats>;

export const organizationPath = (id: string) => `/api/organizations/${encodeURIComponent(id)}`;

export function useOrganization(id: string | null | undefined) {
  return useSWR<Organization, ApiError>(id ? organizationPath(id) : null);
}

/** SPEC §6: admins read the admin listing (optionally for one agency), everyone else the organizations listing. */
export function organizationsListPath(user: UserLike | null | undefined, agencyId?: string | null): string | null {
  if (!user) return null;
  if (isAdminUser(user)) {
    return agencyId ? `/api/admin/organizations?agency_id=${encodeURIComponent(agencyId)}` : '/api/admin/organizations';
  }
  return '/api/organizations';
}

export function useOrganizations(user: UserLike | null | undefined, agencyId?: string | null) {
  const result = useSWR<OrganizationList, ApiError>(organizationsListPath(user, agencyId));
  return { ...result, organizations: itemsOf(result.data) };
}

export function useOrganizationStats(enabled: boolean) {
  return useSWR<OrganizationsStats, ApiError>(enabled ? '/api/admin/organizations/stats' : null, {
    dedupingInterval: TIMING.statsDedupingIntervalMs,
  });
}
