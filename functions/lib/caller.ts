import { db } from './db/service';
import { HttpError } from './errors';
import { expiringCache } from './expiring-cache';

/**
 * Who is calling: the token proves the `sub`; the user record says what they may do. Read on
 * every request (with a short per-container cache) so a role change or a disable applies at once.
 */
export type UserRecord = Awaited<ReturnType<typeof readUser>>;
export interface Caller {
  user: NonNullable<UserRecord>;
}

/** How stale a user record may be in a warm container: a disable reaches every container within this. */
export const CALLER_CACHE_MS = 5_000;

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

async function readCaller(id: string) {
  const user = await readUser(id);
  return user ? { user, inactive: await inactiveTenant(user) } : null;
}

const callers = expiringCache(readCaller, CALLER_CACHE_MS);

export async function loadCaller(sub: string): Promise<Caller> {
  const found = await callers.get(sub);
  if (!found) throw new HttpError(401, 'Unauthorized');
  if (found.user.disabled) throw new HttpError(403, 'Your account is disabled. Contact your administrator.');
  if (found.inactive) throw new HttpError(403, inactiveTenantMessage(found.inactive));
  return { user: found.user };
}

/** Forget a cached user after a write to it (role change, disable); other containers wait out CALLER_CACHE_MS. */
export function forgetCaller(id: string) {
  callers.forget(id);
}
