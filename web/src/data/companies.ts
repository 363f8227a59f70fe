import useSWR from 'swr';
import type { ResponseOf } from '../../../shared/api/endpoint';
import type { getCompany, listCompanies } from '../../../shared/api/hierarchy';
import type { ApiError } from '../api/errors';
import { itemsOf } from './list';

export type Company = ResponseOf<typeof getCompany>;

export const companyPath = (id: string) => `/api/companies/${encodeURIComponent(id)}`;

export function useCompany(id: string | null | undefined) {
  return useSWR<Company, ApiError>(id ? companyPath(id) : null);
}

export function useOrganizationCompanies(organizationId: string | null | undefined) {
  const result = useSWR<ResponseOf<typeof listCompanies>, ApiError>(
    organizationId ? `/api/organizations/${encodeURIComponent(organizationId)}/companies` : null,
  );
  return { ...result, companies: itemsOf(result.data) };
}
