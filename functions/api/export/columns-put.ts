import { z } from 'zod';
import { exportColumnsPutSchema } from '../../../shared/schemas/export-columns';
import { companyContext } from '../../lib/comparisons/context';
import { putExportColumns } from '../../lib/completion/export-columns';
import { route } from '../../lib/http';

/** PUT …/comparisons/{comparison_id}/export_columns: replaces the list (empty = every baseline column). */
export const handler = route({ params: z.object({ company_id: z.string().min(1), comparison_id: z.string().min(1) }), body: exportColumnsPutSchema }, async ({ caller, params, body }) =>
  putExportColumns(await companyContext(caller, params.company_id), params.comparison_id, body),
);
