import { cognito } from '../aws';
import { config } from '../config';

const isUserNotFound = (error: unknown) => (error as { name?: string })?.name === 'UserNotFoundException';

/**
 * Whether the account has an MFA method (what makes Cognito challenge its every sign-in). A
 * missing account has none.
 */
export async function hasMfaMethod(id: string): Promise<boolean> {
  // Imported here: every API function loads this module, and only administrators' requests get here.
  const { AdminGetUserCommand } = await import('@aws-sdk/client-cognito-identity-provider');
  try {
    const res = await cognito().send(new AdminGetUserCommand({ UserPoolId: config.userPoolId, Username: id }));
    return (res.UserMFASettingList?.length ?? 0) > 0 || (res.MFAOptions?.length ?? 0) > 0;
  } catch (error) {
    if (isUserNotFound(error)) return false;
    throw error;
  }
}
