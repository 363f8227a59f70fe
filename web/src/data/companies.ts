import useSWR from 'swr';
import type { ApiError } from '../api/errors';
import { itemsOf, type ListPage } from './list';

export interface Company {
  id: string;
  name: string;
  organization_id: string;
  inactive?: boolean | null;
  updated_at?: string;
  [field: string]: unknown;
}

export const companyPath = (id: string) => `/api/companies/${encodeURIComponent(id)}`;

export function useCompany(id: string | null | undefined) {
  return useSWR<Company, ApiError>(id ? companyPath(id) : null);
}

export function useOrganizationCompanies(organizationId: string | null | undefined) {
  const result = useSWR<ListPage<Company> | Company[], ApiError>(
    organizationId ? `/api/organizations/${encodeURIComponent(organizationId)}/companies` : null,
  );
  return { ...result, companies: itemsOf(result.data) };
}
