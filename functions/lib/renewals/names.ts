import { db } from '../db/service';

/** Organization names by id, for report rows. */
export async function organizationNames(ids: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (!ids.length) return names;
  const { data } = await db().entities.organization.get(ids.map((id) => ({ id }))).go();
  for (const o of data) names.set(o.id, o.name);
  return names;
}
