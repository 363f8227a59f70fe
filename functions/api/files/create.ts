import { z } from 'zod';
import { fileUploadSchema } from '../../../shared/schemas/comparison';
import { createUpload } from '../../lib/comparisons/files';
import { companyContext } from '../../lib/comparisons/context';
import { created, route } from '../../lib/http';

/** POST …/comparisons/{comparison_id}/files → 201 { file, upload_url }; 400 wrong extension, 413 above 100 MB. */
export const handler = route({ params: z.object({ company_id: z.string().min(1), comparison_id: z.string().min(1) }), body: fileUploadSchema }, async ({ caller, params, body }) =>
  created(await createUpload(await companyContext(caller, params.company_id), params.comparison_id, body)),
);
