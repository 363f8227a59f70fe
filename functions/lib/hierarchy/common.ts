/** Checks on ids a body names: they must exist in the caller's world, or the field gets a 400. */
import { db } from '../db/service';
import { badRequest } from '../errors';

export const UNKNOWN_USER = 'Unknown user';

/** Every user id among `fields[names]` must be an existing, enabled user. */
export async function checkUserIds(fields: Record<string, unknown>, names: readonly string[]) {
  const errors: Record<string, string> = {};
  for (const name of names) {
    const id = fields[name];
    if (typeof id !== 'string' || !id) continue;
    const { data } = await db().entities.user.get({ id }).go();
    if (!data || data.disabled) errors[name] = UNKNOWN_USER;
  }
  if (Object.keys(errors).length) throw badRequest(`Invalid request: check ${Object.keys(errors).join(', ')}`, errors);
}

export function fieldError(field: string, message: string) {
  return badRequest(`Invalid request: check ${field}`, { [field]: message });
}

/** Names compared the way people mean them: case, outer and repeated spaces ignored. */
export const sameName = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().replace(/\s+/g, ' ').toLowerCase() === (b ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
