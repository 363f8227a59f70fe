import { db } from '../db/service';
import { HttpError } from '../errors';
import { CALLER_CACHE_MS, CALLER_REFRESH_AFTER_MS } from './caller-cache-window';
import { expiringCache } from '../expiring-cache';
import { forgetScopes } from './scope';
import { hasMfaMethod } from './mfa-status';
import { mfaRequiredFor } from '../../../shared/admin-mfa';

/**
 * Who is calling: the token proves the `sub`; the user record says what they may do. Read on
 * every request (with a short per-container cache) so a role change or a disable applies at once.
 */
export type UserRecord = Awaited<ReturnType<typeof readUser>>;
export interface Caller {
  user: NonNullable<UserRecord>;
  /** Whether the sign-in account has an MFA method; true wherever it is not required. */
  hasMfa: boolean;
}

export { CALLER_CACHE_MS };

async function readUser(id: string) {
  const { data } = await db().entities.user.get({ id }).go();
  return data;
}

type TenantKind = 'agency' | 'organization' | 'company';

export const inactiveTenantMessage = (kind: TenantKind) =>
  `Your ${kind} is inactive on the platform, so its users cannot open anything. Contact your administrator.`;

/**
 * The first inactive record among the caller's own tenant (their agency; their organization; their
 * company and its organization), or null. A deactivated client stops its people at once, however
 * they reach the data.
 */
async function inactiveTenant(user: NonNullable<UserRecord>): Promise<TenantKind | null> {
  const entities = db().entities;
  if (user.agency_id) {
    const { data } = await entities.agency.get({ id: user.agency_id }).go();
    if (data?.inactive) return 'agency';
  }
  if (user.company_id) {
    const { data } = await entities.company.query.byId({ id: user.company_id }).go();
    if (data[0]?.inactive) return 'company';
  }
  if (user.organization_id) {
    const { data } = await entities.organization.get({ id: user.organization_id }).go();
    if (data?.inactive) return 'organization';
  }
  return null;
}

/** Whether the stage holds administrators to two-step verification (on in deployed stages, off locally by default). */
export const adminMfaRequired = () => process.env.REQUIRE_ADMIN_MFA === '1';

async function readCaller(id: string) {
  const user = await readUser(id);
  if (!user) return null;
  // The MFA status is read with the user (and kept as long), only where it decides anything.
  const [inactive, hasMfa] = await Promise.all([
    inactiveTenant(user),
    adminMfaRequired() && mfaRequiredFor(user) ? hasMfaMethod(user.id) : Promise.resolve(null),
  ]);
  return { user, inactive, hasMfa };
}

const callers = expiringCache(readCaller, CALLER_CACHE_MS, Date.now, { refreshAfterMs: CALLER_REFRESH_AFTER_MS });

/** An administrator kept out for want of MFA has it read again after this, so setting it up lets them in at once. */
const MFA_MISSING_RECHECK_MS = 1_000;

export async function loadCaller(sub: string): Promise<Caller> {
  let found = await callers.get(sub);
  if (found?.hasMfa === false) found = await callers.get(sub, MFA_MISSING_RECHECK_MS);
  if (!found) throw new HttpError(401, 'Unauthorized');
  if (found.user.disabled) throw new HttpError(403, 'Your account is disabled. Contact your administrator.');
  if (found.inactive) throw new HttpError(403, inactiveTenantMessage(found.inactive));
  // null: not read, because the stage or the role does not require it.
  return { user: found.user, hasMfa: found.hasMfa ?? true };
}

/** Forget a cached user after a write to it (role change, disable); other containers wait out CALLER_CACHE_MS. */
export function forgetCaller(id: string) {
  callers.forget(id);
  // Whitelist rows change with the user (shares are written through the user's routes).
  forgetScopes();
}
