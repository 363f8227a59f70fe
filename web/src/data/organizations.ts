import useSWR from 'swr';
import { isAdminUser, type UserLike } from '../../../shared/roles';
import type { ApiError } from '../api/errors';
import { TIMING } from '../config/literals';
import { itemsOf, type ListPage } from './list';

export interface Organization {
  id: string;
  name: string;
  inactive?: boolean | null;
  plan?: string | null;
  updated_at?: string;
  [field: string]: unknown;
}

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
  const result = useSWR<ListPage<Organization> | Organization[], ApiError>(organizationsListPath(user, agencyId));
  return { ...result, organizations: itemsOf(result.data) };
}

export function useOrganizationStats(enabled: boolean) {
  return useSWR<unknown, ApiError>(enabled ? '/api/admin/organizations/stats' : null, {
    dedupingInterval: TIMING.statsDedupingIntervalMs,
  });
}
