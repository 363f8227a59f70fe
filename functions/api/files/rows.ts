import { z } from 'zod';
import { fileRows } from '../../lib/comparisons/files';
import { companyContext } from '../../lib/comparisons/context';
import { route } from '../../lib/http';

/** GET …/files/{file_id}/rows?limit=: the first parsed rows (preview), never the whole file. */
export const handler = route(
  { params: z.object({ company_id: z.string().min(1), comparison_id: z.string().min(1), file_id: z.string().min(1) }), query: z.object({ limit: z.coerce.number().int().min(1).max(100).optional() }) },
  async ({ caller, params, query }) => fileRows(await companyContext(caller, params.company_id), params.comparison_id, params.file_id, query.limit ?? 10),
);
