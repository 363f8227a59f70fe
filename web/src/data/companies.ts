import type { ResponseOf } from '../../../shared/api/endpoint';
import { getCompany, listCompanies } from '../../../shared/api/hierarchy';
import { useApi } from '../api/endpoints';
import { itemsOf } from './list';

export type Company = ResponseOf<typeof getCompany>;

export function useCompany(id: string | null | undefined) {
  return useApi(getCompany, id ? { company_id: id } : null);
}

export function useOrganizationCompanies(organizationId: string | null | undefined) {
  const result = useApi(listCompanies, organizationId ? { organization_id: organizationId } : null);
  return { ...result, companies: itemsOf(result.data) };
}
