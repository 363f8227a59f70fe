import type { ResponseOf } from '../../../shared/api/endpoint';
import { listOrganizationComparisons } from '../../../shared/api/comparisons';
import { useList } from './list';

/** The comparisons of every company of an organization, newest first, read 500 a page (the API's largest), up to 20 pages. */
export const ORGANIZATION_COMPARISONS_LIMIT = 500;
const MAX_PAGES = 20;

export type OrganizationComparisonsPage = ResponseOf<typeof listOrganizationComparisons>;
/** A comparison with the name of its company. */
export type OrganizationComparison = OrganizationComparisonsPage['items'][number];

export function useOrganizationComparisons(organizationId: string) {
  return useList(listOrganizationComparisons, { organization_id: organizationId }, undefined, { pageSize: ORGANIZATION_COMPARISONS_LIMIT, maxPages: MAX_PAGES });
}
