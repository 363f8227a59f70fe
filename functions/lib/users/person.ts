import { db } from '../db/service';

/** A user as the e-mails of comparisons and renewals name and address them. */
interface Person {
  id: string;
  email: string;
  first_name?: string | null;
  last_name?: string | null;
  disabled?: boolean | null;
}

export const displayName = (u: Pick<Person, 'first_name' | 'last_name' | 'email'> | null | undefined) =>
  !u ? '' : [u.first_name, u.last_name].filter(Boolean).join(' ') || u.email;

export async function loadUser(id: string | null | undefined): Promise<Person | null> {
  if (!id) return null;
  const { data } = await db().entities.user.get({ id }).go();
  return (data as Person | null) ?? null;
}
