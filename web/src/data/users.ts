import useSWR, { useSWRConfig } from 'swr';
import type { ApiError } from '../api/errors';
import { request, type HttpMethod, type RequestResult } from '../api/request';
import { itemsOf, type ListPage } from './list';

/** A user record as the user routes answer it (SPEC §3 User). */
export interface User {
  id: string;
  username: string;
  email: string;
  role: string;
  agency_id?: string | null;
  organization_id?: string | null;
  company_id?: string | null;
  disabled?: boolean | null;
  first_name?: string | null;
  last_name?: string | null;
  phone?: string | null;
  job_title?: string | null;
  billing_contact?: boolean | null;
  created_by_user_id?: string | null;
  updated_by_user_id?: string | null;
  last_active_at?: string | null;
  created_at?: string;
  updated_at: string;
  invitation_sent?: boolean;
}

/** The Cognito side of a user (GET …/users/{id}/identity). */
export interface Identity {
  username: string;
  status: string | null;
  enabled: boolean;
  email_verified: boolean;
  mfa_enabled: boolean;
  mfa_methods: string[];
  preferred_mfa: string | null;
  created_at: string | null;
  updated_at: string | null;
}

export interface WhitelistRow {
  id: string;
  user_id: string;
  organization_id: string;
  company_id?: string | null;
  updated_at: string;
}

/** Where a user page lives: the admin area, an organization, a company or an agency. */
export type UsersScope =
  | { kind: 'admin' }
  | { kind: 'organization'; organizationId: string }
  | { kind: 'company'; companyId: string }
  | { kind: 'agency'; agencyId: string };

const enc = encodeURIComponent;

export function usersPath(scope: UsersScope): string {
  switch (scope.kind) {
    case 'admin':
      return '/api/admin/users';
    case 'organization':
      return `/api/organizations/${enc(scope.organizationId)}/users`;
    case 'company':
      return `/api/companies/${enc(scope.companyId)}/users`;
    case 'agency':
      return `/api/agencies/${enc(scope.agencyId)}/users`;
  }
}

export const userPath = (scope: UsersScope, userId: string) => `${usersPath(scope)}/${enc(userId)}`;

export interface UsersQuery {
  limit?: number;
  cursor?: string | null;
  roles?: string[];
  company_id?: string | null;
}

function listKey(scope: UsersScope, query: UsersQuery) {
  const params = new URLSearchParams();
  if (query.limit) params.set('limit', String(query.limit));
  if (query.cursor) params.set('cursor', query.cursor);
  if (query.roles?.length) params.set('roles', query.roles.join(','));
  if (query.company_id) params.set('company_id', query.company_id);
  const qs = params.toString();
  return qs ? `${usersPath(scope)}?${qs}` : usersPath(scope);
}

export function useUsers(scope: UsersScope | null, query: UsersQuery = {}) {
  const result = useSWR<ListPage<User>, ApiError>(scope ? listKey(scope, query) : null);
  return { ...result, users: itemsOf(result.data), next: result.data?.next ?? null };
}

export function useUser(scope: UsersScope | null, userId: string | undefined) {
  return useSWR<User, ApiError>(scope && userId ? userPath(scope, userId) : null);
}

export function useIdentity(scope: UsersScope | null, userId: string | undefined, enabled = true) {
  return useSWR<Identity, ApiError>(scope && userId && enabled ? `${userPath(scope, userId)}/identity` : null);
}

export function useWhitelist(userId: string | undefined) {
  const result = useSWR<ListPage<WhitelistRow>, ApiError>(userId ? `/api/admin/users/${enc(userId)}/whitelist` : null);
  return { ...result, rows: itemsOf(result.data) };
}

/**
 * Writes of the user pages. Each answers the request helper's `{ data } | { error }` and, on
 * success, revalidates every cached read below the users path so lists and pages agree.
 */
export function useUserWrites(scope: UsersScope) {
  const { mutate } = useSWRConfig();
  const base = usersPath(scope);
  const refresh = () => mutate((key) => typeof key === 'string' && (key.startsWith(base) || key.startsWith('/api/admin/users') || key === '/api/me'));
  async function send<T>(path: string, method: HttpMethod, body?: unknown): Promise<RequestResult<T>> {
    const result = await request<T>(path, { method, body });
    if (!result.error) await refresh();
    return result;
  }
  return {
    create: (body: unknown) => send<User>(base, 'POST', body),
    update: (userId: string, body: unknown) => send<User>(userPath(scope, userId), 'PATCH', body),
    remove: (userId: string) => send<void>(userPath(scope, userId), 'DELETE'),
    disable: (userId: string) => send<User>(`${userPath(scope, userId)}/disable`, 'POST'),
    enable: (userId: string) => send<User>(`${userPath(scope, userId)}/enable`, 'POST'),
    resendInvitation: (userId: string) => send<Identity>(`${userPath(scope, userId)}/resend_invitation`, 'POST'),
    resetMfa: (userId: string) => send<Identity>(`${userPath(scope, userId)}/reset_mfa`, 'POST'),
    addWhitelist: (userId: string, body: unknown) => send<WhitelistRow>(`/api/admin/users/${enc(userId)}/whitelist`, 'POST', body),
    removeWhitelist: (userId: string, rowId: string) =>
      send<void>(`/api/admin/users/${enc(userId)}/whitelist/${enc(rowId)}`, 'DELETE'),
  };
}

/** The field errors of a refused write (`{ errors: { field: message } }` of a 400). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const body = (error as { body?: { errors?: Record<string, string> } })?.body;
  return body?.errors ?? {};
}
