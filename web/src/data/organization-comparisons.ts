import useSWR from 'swr';
import type { ApiError } from '../api/errors';
import type { Comparison } from './comparisons';
import { enc } from './hierarchy';
import { itemsOf, type ListPage } from './list';

/** The comparisons of every company of an organization, newest first (the API pages at most 500). */
export const ORGANIZATION_COMPARISONS_LIMIT = 500;

export type OrganizationComparison = Comparison & { company_name: string | null };

export function useOrganizationComparisons(organizationId: string) {
  const result = useSWR<ListPage<OrganizationComparison>, ApiError>([`/api/organizations/${enc(organizationId)}/comparisons`, { limit: ORGANIZATION_COMPARISONS_LIMIT }]);
  return { ...result, items: itemsOf(result.data) };
}
