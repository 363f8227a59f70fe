import { z } from 'zod';
import {
  userCreateSchema,
  userListQuerySchema,
  userStateChangeSchema,
  userUpdateSchema,
  usersWhitelistCreateSchema,
} from '../../../shared/schemas/user';
import { created, noContent, route } from '../http';
import { usersContext, type Family } from './context';
import {
  createUser,
  deleteUser,
  loadUser,
  resendInvitation,
  resetUserMfa,
  setUserDisabled,
  updateUser,
  userIdentity,
} from './manage';
import { listUsers } from './read';

/**
 * Handler factories for the user routes. Each route module under functions/api/users/ is one line
 * naming its family (admin, organization, company, agency), so the same operation behaves the
 * same whichever tenant path it is reached through.
 */
const tenantParams: Record<Family, z.ZodObject> = {
  admin: z.object({}),
  organization: z.object({ organization_id: z.string().min(1) }),
  company: z.object({ company_id: z.string().min(1) }),
  agency: z.object({ agency_id: z.string().min(1) }),
};
const withUser = (family: Family) => tenantParams[family].extend({ user_id: z.string().min(1) });
type Params = { organization_id?: string; company_id?: string; agency_id?: string; user_id: string };

export const listUsersHandler = (family: Family) =>
  route({ params: tenantParams[family], query: userListQuerySchema }, async ({ caller, params, query }) =>
    listUsers(await usersContext(caller, family, params), query),
  );

export const createUserHandler = (family: Family) =>
  route({ params: tenantParams[family], body: userCreateSchema }, async ({ caller, params, body }) =>
    created(await createUser(await usersContext(caller, family, params), body)),
  );

export const getUserHandler = (family: Family) =>
  route({ params: withUser(family) }, async ({ caller, params }) => {
    const p = params as Params;
    return loadUser(await usersContext(caller, family, p), p.user_id);
  });

export const updateUserHandler = (family: Family) =>
  route({ params: withUser(family), body: userUpdateSchema }, async ({ caller, params, body }) => {
    const p = params as Params;
    return updateUser(await usersContext(caller, family, p), p.user_id, body);
  });

export const deleteUserHandler = (family: Family) =>
  route({ params: withUser(family) }, async ({ caller, params }) => {
    const p = params as Params;
    await deleteUser(await usersContext(caller, family, p), p.user_id);
    return noContent();
  });

export const identityHandler = (family: Family) =>
  route({ params: withUser(family) }, async ({ caller, params }) => {
    const p = params as Params;
    return userIdentity(await usersContext(caller, family, p), p.user_id);
  });

export const disableUserHandler = (family: Family, disabled: boolean) =>
  route({ params: withUser(family), body: userStateChangeSchema }, async ({ caller, params }) => {
    const p = params as Params;
    return setUserDisabled(await usersContext(caller, family, p), p.user_id, disabled);
  });

export const resendInvitationHandler = (family: Family) =>
  route({ params: withUser(family), body: userStateChangeSchema }, async ({ caller, params }) => {
    const p = params as Params;
    return resendInvitation(await usersContext(caller, family, p), p.user_id);
  });

export const resetMfaHandler = (family: Family) =>
  route({ params: withUser(family), body: userStateChangeSchema }, async ({ caller, params }) => {
    const p = params as Params;
    return resetUserMfa(await usersContext(caller, family, p), p.user_id);
  });

export { usersWhitelistCreateSchema };
