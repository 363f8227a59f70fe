import { z } from 'zod';
import { companyContext } from '../../lib/comparisons/context';
import { getExportColumns } from '../../lib/completion/export-columns';
import { route } from '../../lib/http';

/** GET …/comparisons/{comparison_id}/export_columns → { items, plan, missing }. */
export const handler = route({ params: z.object({ company_id: z.string().min(1), comparison_id: z.string().min(1) }) }, async ({ caller, params }) =>
  getExportColumns(await companyContext(caller, params.company_id), params.comparison_id),
);
