import { randomInt } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  type AttributeType,
} from '@aws-sdk/client-cognito-identity-provider';
import { Role } from '../../../shared/roles';
import type { UserIdentityResponse } from '../../../shared/schemas/user';
import { cognito } from '../aws';
import { config } from '../config';
import { HttpError } from '../errors';

/**
 * The Cognito side of a user: the account people sign in with. The DynamoDB record is the source
 * of truth for what a user may do; Cognito's custom attributes and role groups mirror it. Users are
 * addressed by their `sub` (the record id), which never changes, unlike the e-mail.
 */

export interface IdentityMirror {
  email: string;
  role: string;
  agency_id?: string | null;
  organization_id?: string | null;
  company_id?: string | null;
  first_name?: string | null;
  last_name?: string | null;
}

/** What the API shows of the Cognito account: never a password, secret or token. */
/** The Cognito side; the e-mail delivery state is added by ./email-delivery.ts. */
export type IdentitySummary = Omit<UserIdentityResponse, 'email_suppression'>;

const errorName = (error: unknown) => (error as { name?: string })?.name ?? '';
export const isUsernameExists = (error: unknown) => errorName(error) === 'UsernameExistsException';
export const isUserNotFound = (error: unknown) => errorName(error) === 'UserNotFoundException';
/** cognito-local answers targets it does not implement with a 500 'Cognito Local unsupported feature'. */
export const isUnsupportedLocally = (error: unknown) =>
  /unsupported/i.test(errorName(error)) || /Cognito Local unsupported/i.test((error as Error)?.message ?? '');

function attributes(user: IdentityMirror): AttributeType[] {
  // Custom attributes allow empty strings (minLen 0), so clearing a tenant writes ''.
  return [
    { Name: 'custom:role', Value: user.role },
    { Name: 'custom:agency_id', Value: user.agency_id ?? '' },
    { Name: 'custom:organization_id', Value: user.organization_id ?? '' },
    { Name: 'custom:company_id', Value: user.company_id ?? '' },
    ...(user.first_name ? [{ Name: 'given_name', Value: user.first_name }] : []),
    ...(user.last_name ? [{ Name: 'family_name', Value: user.last_name }] : []),
  ];
}

const SETS = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '!#%+-=?@'];
/** A temporary password that meets any policy the pool may have (length 14, all four character classes). */
export function temporaryPassword(): string {
  const all = SETS.join('');
  const chars = SETS.map((set) => set[randomInt(set.length)]);
  while (chars.length < 14) chars.push(all[randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

/** Creates the account without Cognito's own message (we send the invitation); returns the `sub`. */
export async function createIdentity(user: IdentityMirror, password: string): Promise<string> {
  const { User } = await cognito().send(
    new AdminCreateUserCommand({
      UserPoolId: config.userPoolId,
      Username: user.email,
      TemporaryPassword: password,
      MessageAction: 'SUPPRESS',
      UserAttributes: [{ Name: 'email', Value: user.email }, { Name: 'email_verified', Value: 'true' }, ...attributes(user)],
    }),
  );
  const sub = User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error('The identity service returned a user without sub');
  return sub;
}

/** Mirrors role, tenant and names into the account, and keeps the one role group in step. */
export async function mirrorIdentity(id: string, user: IdentityMirror): Promise<void> {
  await cognito().send(
    new AdminUpdateUserAttributesCommand({ UserPoolId: config.userPoolId, Username: id, UserAttributes: attributes(user) }),
  );
  await syncRoleGroup(id, user.role);
}

export async function syncRoleGroup(id: string, role: string): Promise<void> {
  const { Groups = [] } = await cognito().send(new AdminListGroupsForUserCommand({ UserPoolId: config.userPoolId, Username: id }));
  for (const group of Groups) {
    if (group.GroupName && group.GroupName !== role && Role.is(group.GroupName)) {
      await cognito().send(new AdminRemoveUserFromGroupCommand({ UserPoolId: config.userPoolId, Username: id, GroupName: group.GroupName }));
    }
  }
  if (!Groups.some((g) => g.GroupName === role) && Role.is(role)) {
    await cognito().send(new AdminAddUserToGroupCommand({ UserPoolId: config.userPoolId, Username: id, GroupName: role }));
  }
}

export async function deleteIdentity(id: string): Promise<void> {
  try {
    await cognito().send(new AdminDeleteUserCommand({ UserPoolId: config.userPoolId, Username: id }));
  } catch (error) {
    if (!isUserNotFound(error)) throw error;
  }
}

export async function setIdentityEnabled(id: string, enabled: boolean): Promise<void> {
  const input = { UserPoolId: config.userPoolId, Username: id };
  await cognito().send(enabled ? new AdminEnableUserCommand(input) : new AdminDisableUserCommand(input));
}

const iso = (value: Date | undefined) => (value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString() : null);

/** The account as the API shows it, or null when the account does not exist. */
export async function getIdentity(id: string): Promise<IdentitySummary | null> {
  try {
    const res = await cognito().send(new AdminGetUserCommand({ UserPoolId: config.userPoolId, Username: id }));
    const methods = res.UserMFASettingList ?? [];
    return {
      username: res.Username ?? id,
      status: res.UserStatus ?? null,
      enabled: res.Enabled !== false,
      email_verified: res.UserAttributes?.find((a) => a.Name === 'email_verified')?.Value === 'true',
      mfa_enabled: methods.length > 0 || (res.MFAOptions?.length ?? 0) > 0,
      mfa_methods: methods,
      preferred_mfa: res.PreferredMfaSetting ?? null,
      created_at: iso(res.UserCreateDate),
      updated_at: iso(res.UserLastModifiedDate),
    };
  } catch (error) {
    if (isUserNotFound(error)) return null;
    throw error;
  }
}

/** A new temporary password: the account must change it at next sign-in (FORCE_CHANGE_PASSWORD). */
export async function setTemporaryPassword(id: string, password: string): Promise<void> {
  await cognito().send(
    new AdminSetUserPasswordCommand({ UserPoolId: config.userPoolId, Username: id, Password: password, Permanent: false }),
  );
}

export const MFA_RESET_UNSUPPORTED = 'Resetting MFA is not available on the local identity service (cognito-local has no AdminSetUserMFAPreference).';

/** Turns off every MFA method of the account, so the user sets one up again at next sign-in. */
export async function resetMfa(id: string): Promise<void> {
  try {
    await cognito().send(
      new AdminSetUserMFAPreferenceCommand({
        UserPoolId: config.userPoolId,
        Username: id,
        SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
        SMSMfaSettings: { Enabled: false, PreferredMfa: false },
        EmailMfaSettings: { Enabled: false, PreferredMfa: false },
      }),
    );
  } catch (error) {
    if (isUnsupportedLocally(error)) throw new HttpError(501, MFA_RESET_UNSUPPORTED);
    throw error;
  }
}
