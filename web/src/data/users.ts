import { useSWRConfig } from 'swr';
import type { Endpoint, RequestBodyOf, ResponseOf } from '../../../shared/api/endpoint';
import {
  adminUsers,
  agencyUsers,
  companyUsers,
  createUserWhitelist,
  deleteUserWhitelist,
  listUserWhitelist,
  organizationUsers,
} from '../../../shared/api/users';
import { getMe } from '../../../shared/api/platform';
import { apiPath, callApi, ownedBy, readsUnder, useApi, type ParamsOf, type QueryOf } from '../api/endpoints';
import type { RequestResult } from '../api/request';
import { itemsOf } from './list';

/**
 * The user pages' reads and writes. Shapes come from the endpoints (shared/api/users.ts); the four
 * tenants (admin area, organization, company, agency) answer the same shapes.
 */
export type User = ResponseOf<typeof adminUsers.get>;
/** A new user, and whether the invitation e-mail went out. */
export type CreatedUser = ResponseOf<typeof adminUsers.create>;
export type NewWhitelistRow = RequestBodyOf<typeof createUserWhitelist>;

/** Where a user page lives: the admin area, an organization, a company or an agency. */
export type UsersScope =
  | { kind: 'admin' }
  | { kind: 'organization'; organizationId: string }
  | { kind: 'company'; companyId: string }
  | { kind: 'agency'; agencyId: string };

/** The tenant's user endpoints with its ids as their path parameters; the four families answer the same shapes. */
function usersOf(scope: UsersScope) {
  switch (scope.kind) {
    case 'admin':
      return ownedBy(adminUsers, {});
    case 'organization':
      return ownedBy(organizationUsers, { organization_id: scope.organizationId });
    case 'company':
      return ownedBy(companyUsers, { company_id: scope.companyId });
    case 'agency':
      return ownedBy(agencyUsers, { agency_id: scope.agencyId });
  }
}
const ADMIN_USERS = usersOf({ kind: 'admin' });
const userParams = (scope: UsersScope, userId: string) => ({ ...usersOf(scope).params, user_id: userId });

function usersPath(scope: UsersScope): string {
  const { api, params } = usersOf(scope);
  return apiPath(api.list, params);
}

export type UsersQuery = Omit<QueryOf<typeof adminUsers.list>, 'roles'> & { roles?: string[] };

export function useUsers(scope: UsersScope | null, query: UsersQuery = {}) {
  const { api, params } = scope ? usersOf(scope) : ADMIN_USERS;
  const result = useApi(api.list, scope ? params : null, { query: { ...query, roles: query.roles?.length ? query.roles.join(',') : undefined } });
  return { ...result, users: itemsOf(result.data), next: result.data?.next ?? null };
}

export function useUser(scope: UsersScope | null, userId: string | undefined) {
  return useApi((scope ? usersOf(scope) : ADMIN_USERS).api.get, scope && userId ? userParams(scope, userId) : null);
}

export function useIdentity(scope: UsersScope | null, userId: string | undefined, enabled = true) {
  return useApi((scope ? usersOf(scope) : ADMIN_USERS).api.identity, scope && userId && enabled ? userParams(scope, userId) : null);
}

export function useWhitelist(userId: string | undefined) {
  const result = useApi(listUserWhitelist, userId ? { user_id: userId } : null);
  return { ...result, rows: itemsOf(result.data) };
}

/**
 * Writes of the user pages. Each answers the request helper's `{ data } | { error }` and, on
 * success, revalidates every cached read below the users path so lists and pages agree.
 */
export function useUserWrites(scope: UsersScope) {
  const { mutate } = useSWRConfig();
  const refresh = () => mutate(readsUnder(usersPath(scope), usersPath({ kind: 'admin' }), apiPath(getMe, {})));
  /** A write of `endpoint` (its method, its answer's type) with the body its route takes. */
  async function send<E extends Endpoint>(endpoint: E, params: ParamsOf<E>, body?: RequestBodyOf<E>): Promise<RequestResult<ResponseOf<E>>> {
    const result = await callApi(endpoint, { params, body });
    if (!result.error) await refresh();
    return result;
  }
  const { api, params } = usersOf(scope);
  const user = (userId: string) => userParams(scope, userId);
  return {
    create: (body: RequestBodyOf<typeof api.create>) => send(api.create, params, body),
    update: (userId: string, body: RequestBodyOf<typeof api.update>) => send(api.update, user(userId), body),
    remove: (userId: string) => send(api.remove, user(userId)),
    disable: (userId: string) => send(api.disable, user(userId)),
    enable: (userId: string) => send(api.enable, user(userId)),
    resendInvitation: (userId: string) => send(api.resendInvitation, user(userId)),
    resetMfa: (userId: string) => send(api.resetMfa, user(userId)),
    clearEmailSuppression: (userId: string) => send(api.clearEmailSuppression, user(userId)),
    addWhitelist: (userId: string, body: NewWhitelistRow) => send(createUserWhitelist, { user_id: userId }, body),
    removeWhitelist: (userId: string, rowId: string) => send(deleteUserWhitelist, { user_id: userId, whitelist_id: rowId }),
  };
}

export { fieldErrorsOf } from '../api/errors';
