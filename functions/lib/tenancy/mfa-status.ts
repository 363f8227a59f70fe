import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognito } from '../aws';
import { config } from '../config';

const isUserNotFound = (error: unknown) => (error as { name?: string })?.name === 'UserNotFoundException';

/**
 * Whether the account has an MFA method (what makes Cognito challenge its every sign-in). A
 * missing account has none.
 */
export async function hasMfaMethod(id: string): Promise<boolean> {
  try {
    const res = await cognito().send(new AdminGetUserCommand({ UserPoolId: config.userPoolId, Username: id }));
    return (res.UserMFASettingList?.length ?? 0) > 0 || (res.MFAOptions?.length ?? 0) > 0;
  } catch (error) {
    if (isUserNotFound(error)) return false;
    throw error;
  }
}
