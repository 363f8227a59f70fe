import useSWR, { useSWRConfig } from 'swr';
import type { Endpoint, ResponseOf } from '../../../shared/api/endpoint';
import type {
  getAdminCarrierPlanStats,
  getCompanyCarrier,
  getCompanyCarrierPlan,
  getImportTemplate,
  listBenefitAdminSystems,
  listCarriers,
  listOrganizationAgencies,
  listServiceTypes,
  previewImport,
} from '../../../shared/api/hierarchy';
import type { ApiError } from '../api/errors';
import { requestWithPolicy } from '../api/request';
import { allPagesKey, fetchAllPages, itemsOf, type PagedList } from './list';

/** SWR hooks and writes of the client hierarchy: one list hook, one item hook, one write helper. Shapes come from the endpoints. */
export type { Agency } from './agencies';
export type { Company } from './companies';
export type { Organization, OrganizationStats, OrganizationsStats } from './organizations';
export type Carrier = ResponseOf<typeof listCarriers>['items'][number];
export type CompanyCarrier = ResponseOf<typeof getCompanyCarrier>;
export type CompanyCarrierPlan = ResponseOf<typeof getCompanyCarrierPlan>;
export type ServiceType = ResponseOf<typeof listServiceTypes>['items'][number];
export type BenefitAdminSystem = ResponseOf<typeof listBenefitAdminSystems>['items'][number];
export type AgencyLink = ResponseOf<typeof listOrganizationAgencies>['items'][number];
/** The Carriers & Plans report; the same shape at admin, agency and organization level. */
export type CarrierPlanStats = ResponseOf<typeof getAdminCarrierPlanStats>;
export type ImportPreview = ResponseOf<typeof previewImport>;
export type ImportTemplate = ResponseOf<typeof getImportTemplate>;

/**
 * Lists are read page by page (1,000 rows each) and sorted, filtered and paged in the grid, which
 * needs every row to sort and search them all. A list longer than LIST_MAX_PAGES pages stops there
 * and says so (`truncated`), rather than dropping rows without a word.
 */
export const LIST_PAGE_SIZE = 1000;
export const LIST_MAX_PAGES = 20;

/** One list read whole (up to the cap); `T` is the item of the endpoint the path reaches. */
export function useList<T>(path: string | null) {
  const result = useSWR<PagedList<T>, ApiError>(path ? allPagesKey(path, LIST_PAGE_SIZE, LIST_MAX_PAGES) : null, fetchAllPages<T>);
  return { ...result, items: itemsOf(result.data), truncated: !!result.data?.next };
}

export function useItem<T>(path: string | null) {
  return useSWR<T, ApiError>(path);
}

export const enc = encodeURIComponent;
export const paths = {
  agencies: '/api/admin/agencies',
  agency: (id: string) => `/api/agencies/${enc(id)}`,
  adminAgency: (id: string) => `/api/admin/agencies/${enc(id)}`,
  adminOrganizations: '/api/admin/organizations',
  adminOrganization: (id: string) => `/api/admin/organizations/${enc(id)}`,
  organizationStats: '/api/admin/organizations/stats',
  organization: (id: string) => `/api/organizations/${enc(id)}`,
  orgSub: (id: string, sub: string) => `/api/organizations/${enc(id)}/${sub}`,
  company: (id: string) => `/api/companies/${enc(id)}`,
  orgCompany: (orgId: string, id: string) => `/api/organizations/${enc(orgId)}/companies/${enc(id)}`,
  carriers: '/api/carriers',
  carrier: (id: string) => `/api/carriers/${enc(id)}`,
  companyCarriers: (companyId: string) => `/api/companies/${enc(companyId)}/company_carriers`,
  companyCarrier: (companyId: string, id: string) => `/api/companies/${enc(companyId)}/company_carriers/${enc(id)}`,
  plans: (companyId: string, ccId: string) => `/api/companies/${enc(companyId)}/company_carriers/${enc(ccId)}/company_carrier_plans`,
  plan: (companyId: string, ccId: string, id: string) =>
    `/api/companies/${enc(companyId)}/company_carriers/${enc(ccId)}/company_carrier_plans/${enc(id)}`,
  imports: (orgId: string, kind: string, step: string) => `/api/organizations/${enc(orgId)}/imports/${kind}/${step}`,
};

/** A write of `endpoint` at `path`, then every cached read under the API path revalidated (lists and items alike). */
export function useWrite() {
  const { mutate } = useSWRConfig();
  return async <E extends Endpoint>(endpoint: E, path: string, body?: unknown) => {
    const result = await requestWithPolicy<ResponseOf<E>>(path, { method: endpoint.method, body });
    if (!result.error) {
      await mutate((key) => {
        const k = Array.isArray(key) ? key[0] : key;
        return typeof k === 'string' && k.startsWith('/api/') && k !== '/api/me';
      });
    }
    return result;
  };
}
