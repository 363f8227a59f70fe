import { listUserWhitelist as endpoint } from '../../../../../shared/api/users';
import { serve } from '../../../../lib/http';
import { usersContext } from '../../../../lib/users/context';
import { loadUser } from '../../../../lib/users/manage';
import { whitelistRows } from '../../../../lib/users/read';

/** GET /api/admin/users/{user_id}/whitelist: the organizations and companies shared with the user, all in one page. */
export const handler = serve(endpoint, async ({ caller, params }) => {
  const user = await loadUser(await usersContext(caller, 'admin', {}), params.user_id);
  return { items: await whitelistRows(user.id), next: null };
});
