import { USER_EXISTS_MESSAGE, type UserTenant } from '../../../shared/schemas/user';
import type { Role } from '../../../shared/roles';
import { db } from '../db/service';
import { transactWrite } from '../db/transactions';
import { SEAT_TAKEN_MESSAGE, seatWrite, type SeatClaim } from './comparer-seats';
import { HttpError } from '../errors';
import { logger } from '../observability/logger';
import { createIdentity, deleteIdentity, isUsernameExists, syncRoleGroup, temporaryPassword } from './identity';
import { sendInvitation } from './invitation';

type UserEntityApi = ReturnType<typeof db>['entities']['user'];
type ProvisionedRecord = NonNullable<Awaited<ReturnType<ReturnType<UserEntityApi['get']>['go']>>['data']>;

export interface NewUser {
  email: string;
  role: Role;
  tenant: UserTenant;
  first_name?: string | null;
  last_name?: string | null;
  phone?: string | null;
  job_title?: string | null;
  billing_contact?: boolean | null;
}

/** Who creates the user: a signed-in user, or nobody (the first administrator of a stage). */
export interface Inviter {
  id: string | null;
  name: string | null;
}

/**
 * A new user, the one way every path makes one: the Cognito account with a temporary password
 * (NEW_PASSWORD_REQUIRED at first sign-in), its role group, the user record, then the platform's
 * invitation e-mail. Checks of who may create whom are the caller's; an e-mail Cognito already has
 * is a 409 and leaves nothing behind, and so is a comparer `seat` taken by someone else meanwhile.
 */
export async function provisionUser(user: NewUser, by: Inviter, seat?: SeatClaim | null): Promise<ProvisionedRecord & { invitation_sent: boolean }> {
  const password = temporaryPassword();
  let id: string;
  try {
    id = await createIdentity({ email: user.email, role: user.role, ...user.tenant, first_name: user.first_name, last_name: user.last_name }, password);
  } catch (error) {
    if (isUsernameExists(error)) throw new HttpError(409, USER_EXISTS_MESSAGE, { email: USER_EXISTS_MESSAGE });
    throw error;
  }

  let record: ProvisionedRecord;
  try {
    await syncRoleGroup(id, user.role);
    const item = {
      id,
      username: user.email,
      email: user.email,
      role: user.role,
      ...definedOnly(user.tenant),
      first_name: user.first_name ?? undefined,
      last_name: user.last_name ?? undefined,
      ...definedOnly({ phone: user.phone, job_title: user.job_title }),
      billing_contact: user.billing_contact ?? false,
      ...definedOnly({ created_by_user_id: by.id, updated_by_user_id: by.id }),
    };
    if (seat) {
      // The record and its comparer seat land together, or neither (and the account goes below).
      const { failedConditions } = await transactWrite((entities) => [entities.user.create(item).commit(), seatWrite(entities, seat, id)]);
      if (failedConditions.length) throw new HttpError(409, SEAT_TAKEN_MESSAGE, { role: SEAT_TAKEN_MESSAGE });
      record = (await db().entities.user.get({ id }).go({ consistent: true })).data!;
    } else {
      record = (await db().entities.user.create(item).go()).data;
    }
  } catch (error) {
    // No Cognito account may outlive a failed record: the e-mail would be taken with nobody behind it.
    await deleteIdentity(id).catch((cleanup) => logger.error('could not remove the identity of a failed user create', { user: id, error: cleanup }));
    throw error;
  }

  let invitationSent: boolean;
  try {
    invitationSent = delivered(await sendInvitation({ email: user.email, firstName: user.first_name, temporaryPassword: password, invitedBy: by.name }));
  } catch (error) {
    invitationSent = false;
    logger.error('invitation e-mail failed', { user: id, error });
  }
  return { ...record, invitation_sent: invitationSent };
}

/** sendInvitation answers false when the address is suppressed (it bounced or complained): nothing went out. */
const delivered = (sent: boolean | void) => sent !== false;

function definedOnly<T extends object>(values: T): Partial<{ [K in keyof T]: NonNullable<T[K]> }> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && v !== undefined)) as Partial<{
    [K in keyof T]: NonNullable<T[K]>;
  }>;
}
