import { z } from 'zod';
import { comparisonUpdateSchema } from '../../../shared/schemas/comparison';
import { updateComparison } from '../../lib/comparisons/comparisons';
import { companyContext } from '../../lib/comparisons/context';
import { route } from '../../lib/http';

/** PATCH …/comparisons/{comparison_id}: fields, assignees, memos and step moves (SPEC §4), conditional on updated_at. */
export const handler = route({ params: z.object({ company_id: z.string().min(1), comparison_id: z.string().min(1) }), body: comparisonUpdateSchema }, async ({ caller, params, body }) =>
  updateComparison(await companyContext(caller, params.company_id), params.comparison_id, body),
);
