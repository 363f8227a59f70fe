import type { ResponseOf } from '../../../shared/api/endpoint';
import { getOrganization, getOrganizationsStats, listAdminOrganizations, listOrganizations } from '../../../shared/api/hierarchy';
import { isAdminUser, type UserLike } from '../../../shared/roles';
import { useApi } from '../api/endpoints';
import { itemsOf, useList } from './list';

export type Organization = ResponseOf<typeof getOrganization>;
export type OrganizationsStats = ResponseOf<typeof getOrganizationsStats>;

export function useOrganization(id: string | null | undefined) {
  return useApi(getOrganization, id ? { organization_id: id } : null);
}

/** SPEC §6: admins read the admin listing (optionally for one agency), everyone else the organizations listing. */
function listing(user: UserLike | null | undefined) {
  return { admin: !!user && isAdminUser(user), other: !!user && !isAdminUser(user) };
}

/** The first page of the organizations the user may see. */
export function useOrganizations(user: UserLike | null | undefined, agencyId?: string | null) {
  const which = listing(user);
  const admin = useApi(listAdminOrganizations, which.admin ? {} : null, { query: { agency_id: agencyId } });
  const other = useApi(listOrganizations, which.other ? {} : null);
  const result = which.admin ? admin : other;
  return { ...result, organizations: itemsOf(result.data) };
}

/** Every organization the user may see (read whole, up to the list cap), for grids and pickers; `enabled` false reads nothing. */
export function useAllOrganizations(user: UserLike | null | undefined, agencyId?: string | null, enabled = true) {
  const which = listing(enabled ? user : null);
  const admin = useList(listAdminOrganizations, which.admin ? {} : null, { agency_id: agencyId });
  const other = useList(listOrganizations, which.other ? {} : null);
  return which.admin ? admin : other;
}

