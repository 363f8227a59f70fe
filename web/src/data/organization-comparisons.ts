import useSWR from 'swr';
import type { ResponseOf } from '../../../shared/api/endpoint';
import type { listOrganizationComparisons } from '../../../shared/api/comparisons';
import type { ApiError } from '../api/errors';
import { enc } from './hierarchy';
import { itemsOf } from './list';

/** The comparisons of every company of an organization, newest first (the API pages at most 500). */
export const ORGANIZATION_COMPARISONS_LIMIT = 500;

export type OrganizationComparisonsPage = ResponseOf<typeof listOrganizationComparisons>;
/** A comparison with the name of its company. */
export type OrganizationComparison = OrganizationComparisonsPage['items'][number];

export function useOrganizationComparisons(organizationId: string) {
  const result = useSWR<OrganizationComparisonsPage, ApiError>([`/api/organizations/${enc(organizationId)}/comparisons`, { limit: ORGANIZATION_COMPARISONS_LIMIT }]);
  return { ...result, items: itemsOf(result.data) };
}
