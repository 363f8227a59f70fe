import { updateMe } from '../../../shared/api/platform';
import { userFlags } from '../../../shared/roles';
import { forgetCaller } from '../../lib/tenancy/caller';
import { patchIfUnchanged } from '../../lib/db/optimistic-lock';
import { db } from '../../lib/db/service';
import { serve } from '../../lib/http';

/** PATCH /api/me: the caller's own profile fields, conditional on the updated_at they read. */
export const handler = serve(updateMe, async ({ body, caller }) => {
  const { updated_at, ...fields } = body;
  const data = await patchIfUnchanged(updated_at, (unchanged) =>
    db()
      .entities.user.patch({ id: caller.user.id })
      .set({ ...fields, phone: fields.phone ?? undefined, job_title: fields.job_title ?? undefined, updated_by_user_id: caller.user.id })
      .where(unchanged)
      .go({ response: 'all_new' }),
  );
  forgetCaller(caller.user.id);
  return { ...data, ...userFlags(data) };
});
