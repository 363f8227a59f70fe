import { z } from 'zod';
import { exportRequestSchema } from '../../../shared/schemas/export-columns';
import { companyContext } from '../../lib/comparisons/context';
import { exportComparison } from '../../lib/completion/export';
import { route } from '../../lib/http';

/** POST …/comparisons/{comparison_id}/export {kind: DISCREPANCIES|MERGED} → { url } of the .xlsx (presigned GET). */
export const handler = route({ params: z.object({ company_id: z.string().min(1), comparison_id: z.string().min(1) }), body: exportRequestSchema }, async ({ caller, params, body }) =>
  exportComparison(await companyContext(caller, params.company_id), params.comparison_id, body.kind),
);
