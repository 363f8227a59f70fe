import useSWR from 'swr';
import type { ApiError } from '../api/errors';

export interface Agency {
  id: string;
  name: string;
  notes?: string | null;
  inactive?: boolean | null;
  updated_at?: string;
}

export function useAgency(id: string | null | undefined) {
  return useSWR<Agency, ApiError>(id ? `/api/agencies/${encodeURIComponent(id)}` : null);
}
