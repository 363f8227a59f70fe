import { db } from './db/service';
import { HttpError } from './errors';

/**
 * Who is calling: the token proves the `sub`; the user record says what they may do. Read on
 * every request (with a short per-container cache) so a role change or a disable applies at once.
 */
export type UserRecord = Awaited<ReturnType<typeof readUser>>;
export interface Caller {
  user: NonNullable<UserRecord>;
}

const CACHE_MS = 5_000;
const cache = new Map<string, { at: number; user: NonNullable<UserRecord> }>();

async function readUser(id: string) {
  const { data } = await db().entities.user.get({ id }).go();
  return data;
}

export async function loadCaller(sub: string): Promise<Caller> {
  const hit = cache.get(sub);
  const user = hit && Date.now() - hit.at < CACHE_MS ? hit.user : await readUser(sub);
  if (!user) throw new HttpError(401, 'Unauthorized');
  if (user.disabled) throw new HttpError(403, 'Your account is disabled. Contact your administrator.');
  cache.set(sub, { at: Date.now(), user });
  return { user };
}

/** Forget a cached user after a write to it (role change, disable). */
export function forgetCaller(id: string) {
  cache.delete(id);
}
