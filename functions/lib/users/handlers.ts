import type { z } from 'zod';
import type { Endpoint } from '../../../shared/api/endpoint';
import { adminUsers, agencyUsers, companyUsers, organizationUsers } from '../../../shared/api/users';
import type {
  createdUserResponse,
  userCreateSchema,
  userIdentityResponse,
  userListQuerySchema,
  userResponse,
  userStateChangeSchema,
  userUpdateSchema,
  usersPageResponse,
} from '../../../shared/schemas/user';
import { noContent, serve } from '../http';
import { usersContext, type Family, type TenantParams } from './context';
import {
  createUser,
  deleteUser,
  loadUser,
  resendInvitation,
  resetUserMfa,
  setUserDisabled,
  updateUser,
} from './manage';
import { clearUserEmailSuppression, userIdentityWithDelivery, withEmailDelivery } from './email-delivery';
import { listUsers } from './read';

/**
 * Handler factories for the user routes. Each route module under functions/api/users/ is one line
 * naming its family (admin, organization, company, agency); the factory serves that family's
 * endpoint, so the same operation behaves the same whichever tenant path it is reached through.
 */
type UserParams = TenantParams & { user_id: string };
type Params<T> = z.ZodType<T>;

/** The endpoints of one family as the factories use them: the tenant's params are all optional here. */
interface FamilyEndpoints {
  list: Endpoint<Params<TenantParams>, typeof userListQuerySchema, undefined, typeof usersPageResponse>;
  create: Endpoint<Params<TenantParams>, undefined, typeof userCreateSchema, typeof createdUserResponse>;
  get: Endpoint<Params<UserParams>, undefined, undefined, typeof userResponse>;
  update: Endpoint<Params<UserParams>, undefined, typeof userUpdateSchema, typeof userResponse>;
  remove: Endpoint<Params<UserParams>, undefined, undefined, null>;
  identity: Endpoint<Params<UserParams>, undefined, undefined, typeof userIdentityResponse>;
  clearEmailSuppression: Endpoint<Params<UserParams>, undefined, typeof userStateChangeSchema, typeof userIdentityResponse>;
  disable: Endpoint<Params<UserParams>, undefined, typeof userStateChangeSchema, typeof userResponse>;
  enable: Endpoint<Params<UserParams>, undefined, typeof userStateChangeSchema, typeof userResponse>;
  resendInvitation: Endpoint<Params<UserParams>, undefined, typeof userStateChangeSchema, typeof userIdentityResponse>;
  resetMfa: Endpoint<Params<UserParams>, undefined, typeof userStateChangeSchema, typeof userIdentityResponse>;
}

const endpoints: Record<Family, FamilyEndpoints> = {
  admin: adminUsers,
  organization: organizationUsers,
  company: companyUsers,
  agency: agencyUsers,
};

export const listUsersHandler = (family: Family) =>
  serve(endpoints[family].list, async ({ caller, params, query }) => listUsers(await usersContext(caller, family, params), query));

export const createUserHandler = (family: Family) =>
  serve(endpoints[family].create, async ({ caller, params, body }) => createUser(await usersContext(caller, family, params), body));

export const getUserHandler = (family: Family) =>
  serve(endpoints[family].get, async ({ caller, params }) => loadUser(await usersContext(caller, family, params), params.user_id));

export const updateUserHandler = (family: Family) =>
  serve(endpoints[family].update, async ({ caller, params, body }) => updateUser(await usersContext(caller, family, params), params.user_id, body));

export const deleteUserHandler = (family: Family) =>
  serve(endpoints[family].remove, async ({ caller, params }) => {
    await deleteUser(await usersContext(caller, family, params), params.user_id);
    return noContent();
  });

export const identityHandler = (family: Family) =>
  serve(endpoints[family].identity, async ({ caller, params }) => userIdentityWithDelivery(await usersContext(caller, family, params), params.user_id));

export const clearEmailSuppressionHandler = (family: Family) =>
  serve(endpoints[family].clearEmailSuppression, async ({ caller, params }) =>
    clearUserEmailSuppression(await usersContext(caller, family, params), params.user_id),
  );

export const disableUserHandler = (family: Family, disabled: boolean) =>
  serve(endpoints[family][disabled ? 'disable' : 'enable'], async ({ caller, params }) =>
    setUserDisabled(await usersContext(caller, family, params), params.user_id, disabled),
  );

export const resendInvitationHandler = (family: Family) =>
  serve(endpoints[family].resendInvitation, async ({ caller, params }) => {
    const ctx = await usersContext(caller, family, params);
    const identity = await resendInvitation(ctx, params.user_id);
    return withEmailDelivery((await loadUser(ctx, params.user_id)).email, identity);
  });

export const resetMfaHandler = (family: Family) =>
  serve(endpoints[family].resetMfa, async ({ caller, params }) => {
    const ctx = await usersContext(caller, family, params);
    const identity = await resetUserMfa(ctx, params.user_id);
    return withEmailDelivery((await loadUser(ctx, params.user_id)).email, identity);
  });
