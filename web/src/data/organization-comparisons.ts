import useSWR from 'swr';
import type { ResponseOf } from '../../../shared/api/endpoint';
import type { listOrganizationComparisons } from '../../../shared/api/comparisons';
import type { ApiError } from '../api/errors';
import { enc } from './hierarchy';
import { allPagesKey, fetchAllPages, itemsOf, type PagedList } from './list';

/** The comparisons of every company of an organization, newest first, read 500 a page (the API's largest), up to 20 pages. */
export const ORGANIZATION_COMPARISONS_LIMIT = 500;
const MAX_PAGES = 20;

export type OrganizationComparisonsPage = ResponseOf<typeof listOrganizationComparisons>;
/** A comparison with the name of its company. */
export type OrganizationComparison = OrganizationComparisonsPage['items'][number];

export function useOrganizationComparisons(organizationId: string) {
  const result = useSWR<PagedList<OrganizationComparison>, ApiError>(
    allPagesKey(`/api/organizations/${enc(organizationId)}/comparisons`, ORGANIZATION_COMPARISONS_LIMIT, MAX_PAGES),
    fetchAllPages<OrganizationComparison>,
  );
  return { ...result, items: itemsOf(result.data), truncated: !!result.data?.next };
}
