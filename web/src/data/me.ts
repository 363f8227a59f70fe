import useSWR from 'swr';
import { TIMING } from '../config/literals';
import type { ApiError } from '../api/errors';
import { requestWithPolicy } from '../api/request';

/** The signed-in user's record as GET /api/me answers it (SPEC §3 User). */
export interface Me {
  id: string;
  username: string;
  email: string;
  role: string;
  agency_id?: string | null;
  organization_id?: string | null;
  company_id?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  phone?: string | null;
  job_title?: string | null;
  disabled?: boolean | null;
  updated_at?: string;
  last_active_at?: string | null;
}

export const ME_KEY = '/api/me';

async function fetchMe(path: string): Promise<Me> {
  const result = await requestWithPolicy<Me>(path);
  if (result.error) throw result.error;
  return result.data;
}

/**
 * The whole app waits on this call, so the error policy runs inside the fetch (refresh-and-retry,
 * one delayed retry) and whatever error comes out of it is final: a refused token then means the
 * session is over rather than "retry later".
 */
export function useMe() {
  return useSWR<Me, ApiError>(ME_KEY, fetchMe, { dedupingInterval: TIMING.meDedupingIntervalMs, shouldRetryOnError: false });
}

export function displayName(me: Pick<Me, 'first_name' | 'last_name' | 'username'>): string {
  const full = [me.first_name, me.last_name].filter(Boolean).join(' ').trim();
  return full || me.username;
}
