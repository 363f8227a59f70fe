import { z } from 'zod';
import { companyContext } from '../../lib/comparisons/context';
import { completeComparison } from '../../lib/completion/complete';
import { route } from '../../lib/http';

const body = z
  .object({
    override: z.boolean({ error: 'override must be true or false' }).optional(),
    note: z.string({ error: 'note must be text' }).max(2000, { error: 'The note must be at most 2000 characters' }).nullish(),
    updated_at: z.string().optional(),
  })
  .strict();

/** POST …/comparisons/{comparison_id}/complete {override?, note?}: COMPLETE when the checklist allows (400 with blockers otherwise). */
export const handler = route({ params: z.object({ company_id: z.string().min(1), comparison_id: z.string().min(1) }), body: body.optional().transform((b) => b ?? {}) }, async ({ caller, params, body }) =>
  completeComparison(await companyContext(caller, params.company_id), params.comparison_id, body),
);
