import type { ResponseOf } from '../../../shared/api/endpoint';
import { getMe } from '../../../shared/api/platform';
import { apiPath, fetchApi, useApi } from '../api/endpoints';
import { TIMING } from '../config/literals';

/** The signed-in user's record as GET /api/me answers it (SPEC §3 User), with the role flags. */
export type Me = ResponseOf<typeof getMe>;

export const ME_KEY = apiPath(getMe, {});

const fetchMe = () => fetchApi(getMe, { params: {}, retry: true });

/**
 * The whole app waits on this call, so the error policy runs inside the fetch (refresh-and-retry,
 * one delayed retry) and whatever error comes out of it is final: a refused token then means the
 * session is over rather than "retry later".
 */
export function useMe() {
  return useApi(getMe, {}, { fetcher: fetchMe, dedupingInterval: TIMING.meDedupingIntervalMs, shouldRetryOnError: false });
}

export function displayName(me: Pick<Me, 'first_name' | 'last_name' | 'username'>): string {
  const full = [me.first_name, me.last_name].filter(Boolean).join(' ').trim();
  return full || me.username;
}
