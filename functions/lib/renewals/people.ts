import type { PersonResponse } from '../../../shared/schemas/renewal';
import { db } from '../db/service';

/** The people a renewal view names (owners, assignees, authors), read in one batch. */
export async function peopleById(ids: Iterable<string | null | undefined>): Promise<Map<string, PersonResponse>> {
  const wanted = [...new Set([...ids].filter((id): id is string => !!id))];
  const people = new Map<string, PersonResponse>();
  if (!wanted.length) return people;
  const { data } = await db().entities.user.get(wanted.map((id) => ({ id }))).go();
  for (const u of data) people.set(u.id, { id: u.id, username: u.username, email: u.email, first_name: u.first_name ?? null, last_name: u.last_name ?? null });
  return people;
}
