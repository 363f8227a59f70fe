import useSWR from 'swr';
import type { ResponseOf } from '../../../shared/api/endpoint';
import type { getAgency } from '../../../shared/api/hierarchy';
import type { ApiError } from '../api/errors';

export type Agency = ResponseOf<typeof getAgency>;

export function useAgency(id: string | null | undefined) {
  return useSWR<Agency, ApiError>(id ? `/api/agencies/${encodeURIComponent(id)}` : null);
}
