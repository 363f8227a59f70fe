import useSWR, { useSWRConfig } from 'swr';
import type { Endpoint, RequestBodyOf, ResponseOf } from '../../../shared/api/endpoint';
import {
  adminUsers,
  agencyUsers,
  companyUsers,
  createUserWhitelist,
  deleteUserWhitelist,
  organizationUsers,
  type listUserWhitelist,
} from '../../../shared/api/users';
import type { ApiError } from '../api/errors';
import { request, type RequestResult } from '../api/request';
import { itemsOf } from './list';

/**
 * The user pages' reads and writes. Shapes come from the endpoints (shared/api/users.ts); the four
 * tenants (admin area, organization, company, agency) answer the same shapes.
 */
export type User = ResponseOf<typeof adminUsers.get>;
/** A new user, and whether the invitation e-mail went out. */
export type CreatedUser = ResponseOf<typeof adminUsers.create>;
export type UsersPage = ResponseOf<typeof adminUsers.list>;
/** The Cognito side of a user (GET …/users/{id}/identity). */
export type Identity = ResponseOf<typeof adminUsers.identity>;
export type WhitelistRow = ResponseOf<typeof listUserWhitelist>['items'][number];
export type NewWhitelistRow = RequestBodyOf<typeof createUserWhitelist>;

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
  const result = useSWR<UsersPage, ApiError>(scope ? listKey(scope, query) : null);
  return { ...result, users: itemsOf(result.data), next: result.data?.next ?? null };
}

export function useUser(scope: UsersScope | null, userId: string | undefined) {
  return useSWR<User, ApiError>(scope && userId ? userPath(scope, userId) : null);
}

export function useIdentity(scope: UsersScope | null, userId: string | undefined, enabled = true) {
  return useSWR<Identity, ApiError>(scope && userId && enabled ? `${userPath(scope, userId)}/identity` : null);
}

export function useWhitelist(userId: string | undefined) {
  const result = useSWR<ResponseOf<typeof listUserWhitelist>, ApiError>(userId ? `/api/admin/users/${enc(userId)}/whitelist` : null);
  return { ...result, rows: itemsOf(result.data) };
}

/** The endpoints of each tenant's user routes. */
const FAMILIES = { admin: adminUsers, organization: organizationUsers, company: companyUsers, agency: agencyUsers };

/**
 * Writes of the user pages. Each answers the request helper's `{ data } | { error }` and, on
 * success, revalidates every cached read below the users path so lists and pages agree.
 */
export function useUserWrites(scope: UsersScope) {
  const { mutate } = useSWRConfig();
  const base = usersPath(scope);
  const refresh = () => mutate((key) => typeof key === 'string' && (key.startsWith(base) || key.startsWith('/api/admin/users') || key === '/api/me'));
  /** A write of `endpoint` (its method, its answer's type) at `path`. */
  async function send<E extends Endpoint>(endpoint: E, path: string, body?: unknown): Promise<RequestResult<ResponseOf<E>>> {
    const result = await request<ResponseOf<E>>(path, { method: endpoint.method, body });
    if (!result.error) await refresh();
    return result;
  }
  const api = FAMILIES[scope.kind];
  return {
    create: (body: unknown) => send(api.create, base, body),
    update: (userId: string, body: unknown) => send(api.update, userPath(scope, userId), body),
    remove: (userId: string) => send(api.remove, userPath(scope, userId)),
    disable: (userId: string) => send(api.disable, `${userPath(scope, userId)}/disable`),
    enable: (userId: string) => send(api.enable, `${userPath(scope, userId)}/enable`),
    resendInvitation: (userId: string) => send(api.resendInvitation, `${userPath(scope, userId)}/resend_invitation`),
    resetMfa: (userId: string) => send(api.resetMfa, `${userPath(scope, userId)}/reset_mfa`),
    clearEmailSuppression: (userId: string) => send(api.clearEmailSuppression, `${userPath(scope, userId)}/clear_email_suppression`),
    addWhitelist: (userId: string, body: NewWhitelistRow) => send(createUserWhitelist, `/api/admin/users/${enc(userId)}/whitelist`, body),
    removeWhitelist: (userId: string, rowId: string) => send(deleteUserWhitelist, `/api/admin/users/${enc(userId)}/whitelist/${enc(rowId)}`),
  };
}

export { fieldErrorsOf } from '../api/errors';
