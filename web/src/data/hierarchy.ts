import { useSWRConfig } from 'swr';
import type { Endpoint, RequestBodyOf, ResponseOf } from '../../../shared/api/endpoint';
import type { getAdminCarrierPlanStats, getCompanyCarrier, getCompanyCarrierPlan, listBenefitAdminSystems, listCarriers, listOrganizationAgencies, listServiceTypes, previewImport } from '../../../shared/api/hierarchy';
import { getMe } from '../../../shared/api/platform';
import { callApi, readsExcept, useApi, type ParamsOf } from '../api/endpoints';

/** SWR hooks and writes of the client hierarchy: one list hook, one item hook, one write helper. Shapes come from the endpoints. */
export type { Agency } from './agencies';
export type { Company } from './companies';
export type { Organization, OrganizationsStats } from './organizations';
export { useList } from './list';
export type Carrier = ResponseOf<typeof listCarriers>['items'][number];
export type CompanyCarrier = ResponseOf<typeof getCompanyCarrier>;
export type CompanyCarrierPlan = ResponseOf<typeof getCompanyCarrierPlan>;
export type ServiceType = ResponseOf<typeof listServiceTypes>['items'][number];
export type BenefitAdminSystem = ResponseOf<typeof listBenefitAdminSystems>['items'][number];
export type AgencyLink = ResponseOf<typeof listOrganizationAgencies>['items'][number];
/** The Carriers & Plans report; the same shape at admin, agency and organization level. */
export type CarrierPlanStats = ResponseOf<typeof getAdminCarrierPlanStats>;
export type ImportPreview = ResponseOf<typeof previewImport>;

/** One item read of `endpoint`; `params` null reads nothing. */
export function useItem<E extends Endpoint>(endpoint: E, params: ParamsOf<E> | null) {
  return useApi(endpoint, params);
}

/** A write of `endpoint`, then every cached read of the API revalidated (lists and items alike), but the signed-in user's. */
export function useWrite() {
  const { mutate } = useSWRConfig();
  return async <E extends Endpoint>(endpoint: E, params: ParamsOf<E>, body?: RequestBodyOf<E>) => {
    const result = await callApi(endpoint, { params, body, retry: true });
    if (!result.error) await mutate(readsExcept(getMe));
    return result;
  };
}
