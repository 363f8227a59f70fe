import type { ResponseOf } from '../../../shared/api/endpoint';
import { getAgency } from '../../../shared/api/hierarchy';
import { useApi } from '../api/endpoints';

export type Agency = ResponseOf<typeof getAgency>;

export function useAgency(id: string | null | undefined) {
  return useApi(getAgency, id ? { agency_id: id } : null);
}
