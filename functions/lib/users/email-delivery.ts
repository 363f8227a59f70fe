import type { UserIdentityResponse } from '../../../shared/schemas/user';
import { clearSuppression, suppressionOf } from '../email-suppression';
import { notFound } from '../errors';
import { logger } from '../observability/logger';
import type { UsersContext } from './context';
import { getIdentity, type IdentitySummary } from './identity';
import { assertManages, loadUser, userIdentity } from './manage';

/**
 * Whether the platform still e-mails a user, shown beside their sign-in account: an address SES
 * reported as bouncing or complaining is suppressed (functions/lib/email-suppression.ts) until an
 * administrator who manages the user clears it.
 */
export async function withEmailDelivery(email: string, identity: IdentitySummary): Promise<UserIdentityResponse> {
  const suppression = await suppressionOf(email);
  return {
    ...identity,
    email_suppression: suppression ? { reason: suppression.reason, detail: suppression.detail ?? null, suppressed_at: suppression.suppressed_at } : null,
  };
}

/** GET …/identity: the account and whether the platform e-mails it. */
export async function userIdentityWithDelivery(ctx: UsersContext, userId: string): Promise<UserIdentityResponse> {
  const identity = await userIdentity(ctx, userId);
  const user = await loadUser(ctx, userId);
  return withEmailDelivery(user.email, identity);
}

/**
 * Clears the user's address from the suppression list, for an administrator who manages the user
 * (anyone else: 404, like the other writes). Clearing an address that is not suppressed changes nothing.
 */
export async function clearUserEmailSuppression(ctx: UsersContext, userId: string): Promise<UserIdentityResponse> {
  const user = await loadUser(ctx, userId);
  assertManages(ctx, user);
  const identity = await getIdentity(user.id);
  if (!identity) throw notFound('This user has no sign-in account.');
  if (await clearSuppression(user.email)) logger.info('email suppression cleared', { user: user.id, by: ctx.caller.user.id });
  return withEmailDelivery(user.email, identity);
}
