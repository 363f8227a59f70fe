import { getMe } from '../../../shared/api/platform';
import { userFlags } from '../../../shared/roles';
import { serve } from '../../lib/http';
import { touchLastActive } from '../../lib/users/activity';

export const handler = serve(getMe, async ({ caller }) => {
  // The web reads /api/me on load and every few minutes: the natural place to note activity.
  const lastActiveAt = await touchLastActive(caller.user);
  const user = lastActiveAt ? { ...caller.user, last_active_at: lastActiveAt } : caller.user;
  return { ...user, ...userFlags(user) };
});
