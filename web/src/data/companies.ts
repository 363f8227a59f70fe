import type { ResponseOf } from '../../../shared/api/endpoint';
import { getCompany, listCompanies } from '../../../shared/api/hierarchy';
import { apiPath, useApi } from '../api/endpoints';
import { itemsOf } from './list';

export type Company = ResponseOf<typeof getCompany>;

export const companyPath = (id: string) => apiPath(getCompany, { company_id: id });

export function useCompany(id: string | null | undefined) {
  return useApi(getCompany, id ? { company_id: id } : null);
}

export function useOrganizationCompanies(organizationId: string | null | undefined) {
  const result = useApi(listCompanies, organizationId ? { organization_id: organizationId } : null);
  return { ...result, companies: itemsOf(result.data) };
}
