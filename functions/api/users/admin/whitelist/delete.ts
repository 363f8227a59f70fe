import { deleteUserWhitelist as endpoint } from '../../../../../shared/api/users';
import { forgetCaller } from '../../../../lib/tenancy/caller';
import { db } from '../../../../lib/db/service';
import { noContent, serve } from '../../../../lib/http';
import { usersContext } from '../../../../lib/users/context';
import { loadUser } from '../../../../lib/users/manage';
import { whitelistRow } from '../../../../lib/users/read';

/** DELETE /api/admin/users/{user_id}/whitelist/{whitelist_id}: stop sharing that organization or company. */
export const handler = serve(endpoint, async ({ caller, params }) => {
  const user = await loadUser(await usersContext(caller, 'admin', {}), params.user_id);
  const row = await whitelistRow(user.id, params.whitelist_id);
  await db().entities.usersWhitelist.delete({ user_id: row.user_id, id: row.id }).go();
  forgetCaller(user.id);
  return noContent();
});
