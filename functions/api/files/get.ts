import { z } from 'zod';
import { getFile } from '../../lib/comparisons/files';
import { companyContext } from '../../lib/comparisons/context';
import { route } from '../../lib/http';

/** GET …/files/{file_id}: the File; while it is being read, its progress. */
export const handler = route(
  { params: z.object({ company_id: z.string().min(1), comparison_id: z.string().min(1), file_id: z.string().min(1) }) },
  async ({ caller, params }) => getFile(await companyContext(caller, params.company_id), params.comparison_id, params.file_id),
);
