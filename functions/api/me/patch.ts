import { updateMe } from '../../../shared/api/platform';
import { userFlags } from '../../../shared/roles';
import { forgetCaller } from '../../lib/caller';
import { db } from '../../lib/db/service';
import { conflict } from '../../lib/errors';
import { serve } from '../../lib/http';

/** PATCH /api/me: the caller's own profile fields, conditional on the updated_at they read. */
export const handler = serve(updateMe, async ({ body, caller }) => {
  const { updated_at, ...fields } = body;
  try {
    const { data } = await db()
      .entities.user.patch({ id: caller.user.id })
      .set({ ...fields, phone: fields.phone ?? undefined, job_title: fields.job_title ?? undefined, updated_by_user_id: caller.user.id })
      .where((attr, op) => op.eq(attr.updated_at, updated_at))
      .go({ response: 'all_new' });
    forgetCaller(caller.user.id);
    return { ...data, ...userFlags(data) };
  } catch (error) {
    if ((error as Error).message.includes('conditional request failed')) throw conflict();
    throw error;
  }
});
