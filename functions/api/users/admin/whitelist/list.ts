import { z } from 'zod';
import { route } from '../../../../lib/http';
import { usersContext } from '../../../../lib/users/context';
import { loadUser } from '../../../../lib/users/manage';
import { whitelistRows } from '../../../../lib/users/read';

/** GET /api/admin/users/{user_id}/whitelist: the organizations and companies shared with the user. */
export const handler = route({ params: z.object({ user_id: z.string().min(1) }) }, async ({ caller, params }) => {
  const user = await loadUser(await usersContext(caller, 'admin', {}), params.user_id);
  const items = await whitelistRows(user.id);
  return { items, next: null };
});
